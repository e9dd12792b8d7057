import { useMemo, useState } from 'react';
import { Button, Space, Tag, Tooltip } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { accessLogResource } from '@portal/contracts';
import { useProfile } from '../../api/queries.ts';
import { formatDate } from '../../shared/format.ts';
import { ResourceScreen } from '../../shared/resource/ResourceScreen.tsx';
import type { ResourceScreenDefinition, FilterField } from '../../shared/resource/types.ts';
import { unitOptions } from '../user/user-options.ts';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['log'] as const;

/**
 * /log/access: every sign-in with its device, browser and address, newest first; by unit
 * (platform staff), by date range and keyword, and by user (a row's user button), with export.
 */
export default function AccessLogPage() {
  const { t } = useTranslation('log');
  const platform = useProfile().data?.unitId === null;
  const [user, setUser] = useState<{ id: string; username: string } | null>(null);

  const definition = useMemo(
    (): ResourceScreenDefinition<typeof accessLogResource> => ({
      contract: accessLogResource,
      title: t('access.title'),
      columns: [
        { title: t('access.signedInAt'), key: 'signedInAt', fit: 'keep', render: (_v, row) => formatDate(row.signedInAt, true) },
        { title: t('access.account'), dataIndex: 'username', key: 'username', fit: 'keep' },
        { title: t('access.fullName'), dataIndex: 'fullName', key: 'fullName' },
        ...(platform ? [{ title: t('fields.unit'), dataIndex: 'unitName' as const, key: 'unitName' }] : []),
        { title: t('access.device'), dataIndex: 'deviceName', key: 'deviceName' },
        { title: t('access.browser'), dataIndex: 'browser', key: 'browser' },
        { title: t('fields.ip'), dataIndex: 'ipAddress', key: 'ipAddress', fit: 'keep' },
      ],
      filters: [
        ...(platform && !user ? ([{ name: 'unitId', label: t('fields.unit'), options: unitOptions }] satisfies FilterField<typeof accessLogResource>[]) : []),
        { kind: 'dateRange', from: 'fromDate', to: 'toDate', label: t('fields.dateRange') },
      ],
      fixedQuery: user ? { userId: user.id } : undefined,
      rowActions: (row) => {
        const label = t('access.showUser', { username: row.username });
        return (
          <Tooltip title={label}>
            <Button type="text" size="small" icon={<UserOutlined />} aria-label={label} onClick={() => setUser({ id: row.userId, username: row.username })} />
          </Tooltip>
        );
      },
    }),
    [t, platform, user],
  );

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {user && (
        <Space>
          <Tag icon={<UserOutlined />} color="blue">
            {user.username}
          </Tag>
          <Button type="link" onClick={() => setUser(null)}>
            {t('access.allUsers')}
          </Button>
        </Space>
      )}
      <ResourceScreen key={user?.id ?? 'all'} definition={definition} />
    </Space>
  );
}
