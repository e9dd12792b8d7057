import { useTranslation } from 'react-i18next';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import { useUnitChannelDefinition } from './unit-channel-definition.tsx';

/** /service/permission-enterprise: which units may use each service. */
export default function PermissionEnterprisePage() {
  const { t } = useTranslation('commerce');
  return <ResourceScreen definition={useUnitChannelDefinition('service', t('access.enterpriseTitle'))} />;
}
