import { lazy, Suspense, useState } from 'react';
import { Segmented, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../api/queries.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { useUnitChannelDefinition } from './unit-channel-definition.tsx';

// The user view is the service users' screen: it loads when chosen.
const AppUserPage = lazy(() => import('../service-apps/AppUserPage.tsx'));

type View = 'business' | 'service' | 'user';

/** /enterprise/manage-access: units' access to services by business or by service, and who is granted what. */
export default function ManageAccessPage() {
  const { t } = useTranslation('commerce');
  const permissions = usePermissions();
  const [view, setView] = useState<View>('business');
  const business = useUnitChannelDefinition('business', t('access.title'));
  const service = useUnitChannelDefinition('service', t('access.title'));
  const views: View[] = permissions.has('USER_USERUNIT_LIST') ? ['business', 'service', 'user'] : ['business', 'service'];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Segmented<View> value={view} onChange={setView} options={views.map((value) => ({ value, label: t(`access.views.${value}`) }))} />
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
