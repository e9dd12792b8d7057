import { useRef, useState } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Modal, Select, Spin, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useFocusableScroll } from '../../shared/resource/focusable-scroll.ts';
import { sortableColumn, sortFrom } from '../../shared/resource/sorting.ts';
import { KeywordSearch } from '../../shared/resource/KeywordSearch.tsx';
import { ToolbarLayout } from '../../shared/resource/ToolbarLayout.tsx';
import { useScreenTitle } from '../../shared/screen-title.ts';
import { MAIL_OUTBOX_SORT_FIELDS, MAIL_OUTBOX_STATUS, type MailOutboxItem, type SearchMailOutbox } from '@portal/contracts';
import { useMailMessage, useMailOutbox } from './system-api.ts';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['system'] as const;

type StatusName = keyof typeof MAIL_OUTBOX_STATUS;
const STATUS_COLOURS: Record<StatusName, string> = { pending: 'blue', sent: 'green', failed: 'red', held: 'gold' };
// Object.keys widens to string[]; these are MAIL_OUTBOX_STATUS' own keys.
const STATUS_NAMES = Object.keys(MAIL_OUTBOX_STATUS) as StatusName[];
/** The columns the server sorts the outbox by (the contract's whitelist). */
const SORTABLE: ReadonlySet<string> = new Set(MAIL_OUTBOX_SORT_FIELDS);
const nameOf = (status: number) => STATUS_NAMES.find((name) => MAIL_OUTBOX_STATUS[name] === status) ?? 'pending';

function MessageModal({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const message = useMailMessage(id);
  return (
    <Modal open={id !== undefined} onCancel={onClose} footer={null} title={message.data?.subject} width={640}>
      {message.isPending ? <Spin /> : message.data && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{message.data.textBody}</Typography.Paragraph>}
    </Modal>
  );
}

/** /system/mail-outbox: the portal's mail; held mail (no SMTP server) can be read here. */
export default function MailOutboxPage() {
  const screenTitle = useScreenTitle();
  const { t } = useTranslation('system');
  const [filter, setFilter] = useState<SearchMailOutbox>({ pageIndex: 1, pageSize: 20 });
  const [reading, setReading] = useState<string>();
  const outbox = useMailOutbox(filter);
  const statusLabel = (status: number) => t(`mailOutbox.statuses.${nameOf(status)}`);
  const tableRef = useRef<HTMLDivElement>(null);
  useFocusableScroll(tableRef, screenTitle);

  return (
    <Card title={screenTitle}>
      <Typography.Paragraph type="secondary">{t('mailOutbox.description')}</Typography.Paragraph>
      <ToolbarLayout
        filters={
          <>
            <KeywordSearch placeholder={t('mailOutbox.search')} onSearch={(keyword) => setFilter({ ...filter, pageIndex: 1, keyword: keyword || undefined })} />
            <Select
              aria-label={t('mailOutbox.status')}
              value={filter.status ?? -1}
              options={[{ value: -1, label: t('mailOutbox.allStatuses') }, ...STATUS_NAMES.map((name) => ({ value: MAIL_OUTBOX_STATUS[name], label: statusLabel(MAIL_OUTBOX_STATUS[name]) }))]}
              onChange={(status: number) => setFilter({ ...filter, pageIndex: 1, status: status === -1 ? undefined : status })}
            />
          </>
        }
        actions={
          <Button icon={<ReloadOutlined />} onClick={() => void outbox.refetch()}>
            {t('mailOutbox.refresh')}
          </Button>
        }
      />
      <div ref={tableRef}>
      <Table<MailOutboxItem>
        rowKey="id"
        loading={outbox.isFetching}
        dataSource={outbox.data?.records}
        locale={{ emptyText: t('mailOutbox.empty') }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: filter.pageIndex,
          pageSize: filter.pageSize,
          total: outbox.data?.totalRecord,
        }}
        // Paging keeps the sort; a new sort starts from page 1 (the server sorts, antd never reorders a page).
        onChange={(pagination, _filters, sorter, { action }) =>
          setFilter(action === 'sort' ? { ...filter, pageIndex: 1, sort: sortFrom(sorter, MAIL_OUTBOX_SORT_FIELDS) } : { ...filter, pageIndex: pagination.current ?? 1, pageSize: pagination.pageSize ?? filter.pageSize })
        }
        columns={[
          sortableColumn({ title: t('mailOutbox.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 180, render: (value: string) => dayjs(value).format('DD/MM/YYYY HH:mm:ss') }, SORTABLE, filter.sort),
          sortableColumn({ title: t('mailOutbox.recipient'), dataIndex: 'recipient', key: 'recipient' }, SORTABLE, filter.sort),
          { title: t('mailOutbox.subject'), dataIndex: 'subject' },
          sortableColumn({ title: t('mailOutbox.status'), dataIndex: 'status', key: 'status', width: 200, render: (status: number) => <Tag color={STATUS_COLOURS[nameOf(status)]}>{statusLabel(status)}</Tag> }, SORTABLE, filter.sort),
          { title: t('mailOutbox.attempts'), dataIndex: 'attempts', width: 110 },
          {
            key: 'view',
            width: 90,
            render: (_value: unknown, row: MailOutboxItem) =>
              row.status === MAIL_OUTBOX_STATUS.held ? (
                <Button size="small" onClick={() => setReading(row.id)} aria-label={`${t('mailOutbox.view')}: ${row.subject}`}>
                  {t('mailOutbox.view')}
                </Button>
              ) : null,
          },
        ]}
      />
      </div>
      <MessageModal id={reading} onClose={() => setReading(undefined)} />
    </Card>
  );
}
