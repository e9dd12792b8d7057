import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UNIT_CALLS, unitPackageResource } from '@portal/contracts';
import { callApi } from '../../api/call.ts';
import { usePermissions } from '../../api/queries.ts';
import { ConfirmedRowAction } from '../../shared/resource/ConfirmedRowAction.tsx';
import { announcePush } from '../service-apps/announce-push.ts';
import { useDeliveryFailureText } from '../service-apps/delivery-failure.ts';

/** Pushes a unit's pack (seats, validity, features) into the app of each of its services, after confirmation. */
export function PackageSyncAction({ record }: { record: { id: string; unitName: string; packageName: string } }) {
  const { t } = useTranslation('commerce');
  const failureText = useDeliveryFailureText();
  if (!usePermissions().has(unitPackageResource.permissions.update!)) return null;
  return (
    <ConfirmedRowAction
      icon={<SyncOutlined />}
      label={t('unitPack.sync')}
      subject={`${record.unitName} ${record.packageName}`}
      question={t('unitPack.syncQuestion', { unit: record.unitName, pack: record.packageName })}
      onConfirm={async () => {
        const result = await callApi(UNIT_CALLS.syncPack, undefined, { params: { id: record.id } });
        announcePush(result, t('unitPack.synced'), (list) => t('unitPack.syncFailed', { list }), failureText);
      }}
    />
  );
}
