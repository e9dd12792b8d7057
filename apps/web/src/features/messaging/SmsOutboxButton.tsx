import { useState } from 'react';
import { InboxOutlined } from '@ant-design/icons';
import { Button, Modal, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SMS_OUTBOX_STATUS, type SmsOutboxItem, SMS_TEMPLATE_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';

import { formatDate } from '../../shared/format.ts';
import { keyOf } from '../../shared/key-of.ts';

const PAGE_SIZE = 20;

/** The SMS outbox: what left through the gateway, what waits, and (without a gateway) the held messages in full. */
export function SmsOutboxButton() {
  const { t } = useTranslation('messaging');
  const [open, setOpen] = useState(false);
  const [pageIndex, setPageIndex] = useState(1);
  const outbox = useQuery({
    queryKey: ['resource', 'TemplateSms', 'outbox', pageIndex],
    queryFn: ({ signal }) => callApi(SMS_TEMPLATE_CALLS.outbox, { pageIndex, pageSize: PAGE_SIZE }, { signal }),
    enabled: open,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.records.some((sms) => sms.status === SMS_OUTBOX_STATUS.pending) ? 3000 : false),
  });
  return (
    <>
      <Button icon={<InboxOutlined />} onClick={() => setOpen(true)}>
        {t('sms.outbox')}
      </Button>
      {open && (
        <Modal open title={t('sms.outbox')} onCancel={() => setOpen(false)} footer={null} width={900} destroyOnHidden>
          <Table<SmsOutboxItem>
            rowKey="id"
            size="small"
            loading={outbox.isFetching && !outbox.data}
            dataSource={outbox.data?.records ?? []}
            columns={[
              { title: t('sms.createdAt'), key: 'createdAt', render: (_v, row) => formatDate(row.createdAt, true) },
              { title: t('sms.phone'), dataIndex: 'phone', key: 'phone' },
              { title: t('sms.content'), dataIndex: 'body', key: 'body' },
              { title: t('sms.segments'), key: 'segments', render: (_v, row) => `${row.segments} × ${row.encoding}` },
              { title: t('sms.status'), key: 'status', render: (_v, row) => t(`sms.outboxStatuses.${keyOf(SMS_OUTBOX_STATUS, row.status)}`) },
              { title: t('sms.attempts'), dataIndex: 'attempts', key: 'attempts' },
              { title: t('sms.error'), dataIndex: 'lastError', key: 'lastError' },
            ]}
            pagination={{ current: pageIndex, pageSize: PAGE_SIZE, total: outbox.data?.totalRecord ?? 0, onChange: setPageIndex }}
          />
        </Modal>
      )}
    </>
  );
}
