import { useMemo } from 'react';
import { PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_RECEIVER, CAMPAIGN_RECEIVER_KINDS, CAMPAIGN_STATUS, emailCampaignResource } from '@portal/contracts';
import { usePermissions } from '../../api/queries.ts';
import { formatDate } from '../../shared/format.ts';
import { ConfirmedRowAction } from '../../shared/resource/ConfirmedRowAction.tsx';
import { resourceApi, resourceKeys } from '../../shared/resource/resource-api.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import type { RecordOf, ResourceScreenDefinition } from '../../shared/resource/types.ts';
import { keyOf } from '../../shared/key-of.ts';
import { LazyRichTextEditor } from '../settings/LazyRichTextEditor.tsx';
import { unitOptions } from '../user/user-options.ts';
import { CampaignReceiversButton } from './CampaignReceiversButton.tsx';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['messaging'] as const;

const api = resourceApi(emailCampaignResource);
const byAddresses = (values: Record<string, unknown>) => values.receiverType === CAMPAIGN_RECEIVER.addresses;

/** /system/email-campaign: campaigns sent at their time, with their progress; unsent ones can be cancelled or rescheduled. */
export default function EmailCampaignPage() {
  const { t } = useTranslation('messaging');
  const permissions = usePermissions();
  const queryClient = useQueryClient();

  const definition = useMemo((): ResourceScreenDefinition<typeof emailCampaignResource> => {
    const statusName = (status: unknown) => t(`campaign.statuses.${keyOf(CAMPAIGN_STATUS, status)}`);
    // A queued campaign is "sent" only once its progress says every mail left; before, it is sending.
    const rowStatus = (row: RecordOf<typeof emailCampaignResource>) => {
      const progress = row.progress;
      if (row.status !== CAMPAIGN_STATUS.queued) return statusName(row.status);
      if (progress.waiting > 0) return t('campaign.sending');
      return progress.failed > 0 ? t('campaign.partlySent') : statusName(row.status);
    };
    const statuses = Object.values(CAMPAIGN_STATUS).map((value) => ({ value, label: statusName(value) }));
    const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(emailCampaignResource) });
    const setStatus = (record: RecordOf<typeof emailCampaignResource>, status: number) => api.setStatus(record.id, status).then(refresh);
    const progressText = (record: RecordOf<typeof emailCampaignResource>) => (record.status === CAMPAIGN_STATUS.queued ? t('campaign.progressText', record.progress) : '');
    const canChange = permissions.has(emailCampaignResource.permissions.status!);
    return {
      contract: emailCampaignResource,
      title: t('campaign.title'),
      columns: [
        { title: t('campaign.name'), dataIndex: 'name', key: 'name' },
        { title: t('campaign.subject'), dataIndex: 'subject', key: 'subject' },
        { title: t('campaign.sendAt'), key: 'sendAt', fit: 'keep', render: (_v, row) => formatDate(row.sendAt, true) },
        { title: t('campaign.status'), key: 'status', fit: 'keep', render: (_v, row) => rowStatus(row) },
        { title: t('campaign.progress'), key: 'progress', fit: 'keep', render: (_v, row) => progressText(row) },
      ],
      form: [
        { name: 'name', label: t('campaign.name'), input: 'text' },
        { name: 'sendAt', label: t('campaign.sendAt'), input: 'datetime', future: true, placeholder: t('campaign.sendNow') },
        { name: 'receiverType', label: t('campaign.receiverType'), input: 'select', options: CAMPAIGN_RECEIVER_KINDS.map((value) => ({ value, label: t(`campaign.receiverTypes.${keyOf(CAMPAIGN_RECEIVER, value)}`) })), wide: true },
        { name: 'receivers', label: t('campaign.receivers'), input: 'textarea', shownWhen: byAddresses },
        { name: 'unitIds', label: t('campaign.unitIds'), input: 'multiselect', options: unitOptions, wide: true, required: true, shownWhen: (values) => !byAddresses(values) },
        { name: 'cc', label: t('campaign.cc'), input: 'text' },
        { name: 'bcc', label: t('campaign.bcc'), input: 'text' },
        { name: 'subject', label: t('campaign.subject'), input: 'text', wide: true },
        { name: 'content', label: t('campaign.content'), input: 'custom', component: LazyRichTextEditor, wide: true },
      ],
      defaults: { receiverType: CAMPAIGN_RECEIVER.addresses },
      filters: [{ name: 'status', label: t('campaign.status'), options: statuses }],
      deleteQuestion: (row) => t('campaign.deleteQuestion', { name: row.name }),
      canEdit: (row) => row.status !== CAMPAIGN_STATUS.queued,
      settling: (row) => {
        const progress = row.progress;
        return row.status === CAMPAIGN_STATUS.scheduled || (row.status === CAMPAIGN_STATUS.queued && progress.waiting > 0);
      },
      rowActions: (row) => (
        <>
          {canChange && row.status === CAMPAIGN_STATUS.scheduled && (
            <ConfirmedRowAction
              icon={<StopOutlined />}
              label={t('campaign.cancel')}
              subject={String(row.name)}
              question={t('campaign.cancelQuestion', { name: row.name })}
              onConfirm={() => setStatus(row, CAMPAIGN_STATUS.cancelled)}
              done={t('campaign.cancelled')}
            />
          )}
          {canChange && row.status === CAMPAIGN_STATUS.cancelled && (
            <ConfirmedRowAction
              icon={<PlayCircleOutlined />}
              label={t('campaign.resume')}
              subject={String(row.name)}
              question={t('campaign.resumeQuestion', { name: row.name })}
              onConfirm={() => setStatus(row, CAMPAIGN_STATUS.scheduled)}
              done={t('campaign.resumed')}
            />
          )}
          {row.status === CAMPAIGN_STATUS.queued && <CampaignReceiversButton campaign={row} />}
        </>
      ),
    };
  }, [permissions, queryClient, t]);

  return <ResourceScreen definition={definition} />;
}
