import { useState } from 'react';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AppSyncResult } from '@portal/contracts';
import { apiRequest } from '../../api/http.ts';
import { ConfirmedRowAction } from '../../shared/resource/ConfirmedRowAction.tsx';
import type { AnyRecord } from '../../shared/resource/types.ts';
import { SyncProgress } from './SyncProgress.tsx';

/**
 * "Sync" of the row's unit × service after confirmation (`/api/{name}/Sync`), then its
 * progress until "Sync Successful" or the objects that failed and why.
 */
export function SyncAction({ name, record, subject, platform }: { name: string; record: AnyRecord; subject: string; platform: boolean }) {
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
          const started = await apiRequest<AppSyncResult>(`/${name}/Sync`, { body: { unitId: platform ? record.unitId : undefined, serviceId: record.serviceId } });
          setFollowing(started.syncId);
        }}
      />
      {following && <SyncProgress name={name} syncId={following} onClose={() => setFollowing(undefined)} />}
    </>
  );
}
