import { useState } from 'react';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APP_SYNC_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';
import { ConfirmedRowAction } from '../../shared/resource/ConfirmedRowAction.tsx';
import { SyncProgress } from './SyncProgress.tsx';

/**
 * "Sync" of the row's unit × service after confirmation (`APP_SYNC_CALLS[name].start`), then its
 * progress until "Sync Successful" or the objects that failed and why.
 */
export function SyncAction({ name, record, subject, platform }: { name: string; record: { unitId: string; unitName: string; serviceId: string; serviceName: string }; subject: string; platform: boolean }) {
  const { t } = useTranslation('serviceApps');
  const [following, setFollowing] = useState<string>();
  return (
    <>
      <ConfirmedRowAction
        icon={<SyncOutlined />}
        label={t('sync.action')}
        subject={subject}
        question={t('sync.question', { service: record.serviceName, unit: record.unitName })}
        onConfirm={async () => {
          const started = await callApi(APP_SYNC_CALLS[name]!.start, { unitId: platform ? record.unitId : undefined, serviceId: record.serviceId });
          setFollowing(started.syncId);
        }}
      />
      {following && <SyncProgress name={name} syncId={following} onClose={() => setFollowing(undefined)} />}
    </>
  );
}
