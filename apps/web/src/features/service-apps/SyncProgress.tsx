import { useEffect } from 'react';
import { Alert, List, Modal, Progress, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APP_SYNC_CALLS, appUserResource } from '@portal/contracts';
import { callApi } from '../../api/call.ts';
import { notifySuccess } from '../../shared/notify.ts';
import { resourceKeys } from '../../shared/resource/resource-api.ts';
import { useDeliveryFailureText } from './delivery-failure.ts';

const POLL_MS = 1000;

/**
 * Follows one "Sync" until nothing of it is pending: progress for a large unit, then "Sync
 * Successful", or the objects the app refused and why. Closing it does not stop the sync.
 */
export function SyncProgress({ name, syncId, onClose }: { name: string; syncId: string; onClose: () => void }) {
  const { t } = useTranslation('serviceApps');
  const failureText = useDeliveryFailureText();
  const queryClient = useQueryClient();
  const { data: status } = useQuery({
    queryKey: ['resource', name, 'sync', syncId],
    queryFn: ({ signal }) => callApi(APP_SYNC_CALLS[name]!.status, { syncId }, { signal }),
    refetchInterval: (query) => (query.state.data?.done ? false : POLL_MS),
  });
  const done = status?.done === true;
  const succeeded = done && status.failed === 0;
  useEffect(() => {
    if (!done) return;
    if (succeeded) notifySuccess(t('sync.done'));
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all(appUserResource) });
  }, [done, succeeded, queryClient, t]);

  const finished = status ? status.delivered + status.failed : 0;
  const percent = status && status.total > 0 ? Math.floor((finished * 100) / status.total) : done ? 100 : 0;
  return (
    <Modal open title={t('sync.progressTitle')} onCancel={onClose} onOk={onClose} okText={t('sync.close')} cancelButtonProps={{ style: { display: 'none' } }}>
      <Progress percent={percent} status={done ? (succeeded ? 'success' : 'exception') : 'active'} aria-label={t('sync.label')} />
      {status && (
        <Typography.Paragraph>
          {t('sync.counts', { finished, total: status.total, failed: status.failed })}
          {status.retrying > 0 && ` ${t('sync.retrying', { count: status.retrying })}`}
        </Typography.Paragraph>
      )}
      {succeeded && <Alert type="success" showIcon message={t('sync.done')} />}
      {done && !succeeded && (
        <>
          <Alert type="error" showIcon message={t('sync.failedTitle', { count: status.failed })} />
          <List
            size="small"
            dataSource={status.failures}
            renderItem={(failure) => (
              <List.Item>
                <List.Item.Meta title={failure.objectType === 'userList' || failure.objectType === 'groupList' ? t(`sync.${failure.objectType}`) : failure.name} description={failureText(failure.error)} />
              </List.Item>
            )}
          />
        </>
      )}
    </Modal>
  );
}
