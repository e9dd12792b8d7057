import { lazy, Suspense, useState } from 'react';
import { Segmented, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermissions } from '../../api/queries.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { useUnitChannelDefinition } from './unit-channel-definition.tsx';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['commerce'] as const;

// The user view is the service users' screen: it loads when chosen.
const AppUserPage = lazy(() => import('../service-apps/AppUserPage.tsx'));

const VIEWS = ['business', 'service', 'user'] as const;
type View = (typeof VIEWS)[number];

/** /enterprise/manage-access: units' access to services by business or by service, and who is granted what (the specification's enterprise permissions too). */
export default function ManageAccessPage() {
  const { t } = useTranslation('commerce');
  const permissions = usePermissions();
  // ?view= opens one view (the service view is where /service/permission-enterprise leads).
  const [params] = useSearchParams();
  const [view, setView] = useState<View>(() => VIEWS.find((named) => named === params.get('view')) ?? 'business');
  const business = useUnitChannelDefinition('business', t('access.title'));
  const service = useUnitChannelDefinition('service', t('access.title'));
  const views: View[] = permissions.has('USER_USERUNIT_LIST') ? ['business', 'service', 'user'] : ['business', 'service'];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Segmented<View> style={{ maxWidth: '100%', overflowX: 'auto' }} value={view} onChange={setView} options={views.map((value) => ({ value, label: t(`access.views.${value}`) }))} />
      {view === 'business' && <ResourceScreen key="business" definition={business} />}
      {view === 'service' && <ResourceScreen key="service" definition={service} />}
      {view === 'user' && (
        <Suspense fallback={<Spin />}>
          <AppUserPage />
        </Suspense>
      )}
    </Space>
  );
}
