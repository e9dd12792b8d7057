import { useState } from 'react';
import { TeamOutlined } from '@ant-design/icons';
import { Button, Modal, Table, Tooltip } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAIL_OUTBOX_STATUS, type CampaignReceiver, EMAIL_CAMPAIGN_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';

import { formatDate } from '../../shared/format.ts';
import { keyOf } from '../../shared/key-of.ts';

const PAGE_SIZE = 20;

/** Each receiver of a queued campaign and what became of its mail, read again while any is waiting. */
export function CampaignReceiversButton({ campaign }: { campaign: { id: string; name: string } }) {
  const { t } = useTranslation('messaging');
  const [open, setOpen] = useState(false);
  const [pageIndex, setPageIndex] = useState(1);
  const receivers = useQuery({
    queryKey: ['resource', 'EmailCampaign', 'receivers', campaign.id, pageIndex],
    queryFn: ({ signal }) =>
      callApi(EMAIL_CAMPAIGN_CALLS.receivers, { campaignId: campaign.id, pageIndex, pageSize: PAGE_SIZE }, { signal }),
    enabled: open,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.records.some((receiver) => receiver.status === MAIL_OUTBOX_STATUS.pending) ? 2000 : false),
  });
  const label = t('campaign.showReceivers');
  return (
    <>
      <Tooltip title={label}>
        <Button type="text" icon={<TeamOutlined />} aria-label={`${label} ${campaign.name}`} onClick={() => setOpen(true)} />
      </Tooltip>
      {open && (
        <Modal open title={t('campaign.receiversTitle', { name: campaign.name })} onCancel={() => setOpen(false)} footer={null} width={760} destroyOnHidden>
          <Table<CampaignReceiver>
            rowKey="address"
            size="small"
            loading={receivers.isFetching && !receivers.data}
            dataSource={receivers.data?.records ?? []}
            columns={[
              { title: t('campaign.address'), dataIndex: 'address', key: 'address' },
              { title: t('campaign.role'), key: 'role', render: (_v, row) => t(`campaign.roles.${row.role}`) },
              { title: t('campaign.result'), key: 'status', render: (_v, row) => t(`campaign.results.${keyOf(MAIL_OUTBOX_STATUS, row.status)}`) },
              { title: t('campaign.sentAt'), key: 'sentAt', render: (_v, row) => formatDate(row.sentAt, true) },
              { title: t('campaign.error'), dataIndex: 'lastError', key: 'lastError' },
            ]}
            pagination={{ current: pageIndex, pageSize: PAGE_SIZE, total: receivers.data?.totalRecord ?? 0, onChange: setPageIndex }}
          />
        </Modal>
      )}
    </>
  );
}
