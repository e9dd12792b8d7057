import { AppstoreOutlined } from '@ant-design/icons';
import { Alert, Avatar, Empty, List, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PORTAL_SERVICE_CODE, STATUS, type BaseApp, ROUTES } from '@portal/contracts';
import { useBaseApps } from '../account/account-api.ts';
import { ExpiredServiceDialog } from './ExpiredServiceDialog.tsx';

function AppEntry({ app }: { app: BaseApp }) {
  const { t } = useTranslation('account');
  const [expiredOpen, setExpiredOpen] = useState(false);
  const active = app.channelPackageStatus === STATUS.active;
  const avatar = <Avatar shape="square" icon={<AppstoreOutlined />} style={{ background: active ? '#0958d9' : '#8c8c8c' }} />;
  const description = !active ? t('apps.inactive') : !app.link ? t('apps.notConfigured') : undefined;
  // The portal opens in place; the other apps open in a tab of their own and sign in through the portal's session.
  const title =
    app.baseAppCode === PORTAL_SERVICE_CODE ? (
      <Link to={ROUTES.dashboard}>{app.title}</Link>
    ) : active && app.link ? (
      <a href={app.link} target="_blank" rel="noopener noreferrer">
        {app.title}
      </a>
    ) : !active ? (
      // Every pack holding it has expired: the expired-service popup says so and offers the upgrade.
      <Typography.Link type="secondary" onClick={() => setExpiredOpen(true)}>
        {app.title}
      </Typography.Link>
    ) : (
      <Typography.Text type="secondary">{app.title}</Typography.Text>
    );
  return (
    <List.Item>
      <List.Item.Meta avatar={avatar} title={title} description={description && <Tag>{description}</Tag>} />
      {expiredOpen && <ExpiredServiceDialog title={app.title} onClose={() => setExpiredOpen(false)} />}
    </List.Item>
  );
}

/** The apps the user may open: /list-base-app and the app switcher show the same list. */
export function AppList() {
  const { t } = useTranslation('account');
  const apps = useBaseApps();
  if (apps.isPending) return <Spin />;
  if (apps.isError) return <Alert type="error" title={apps.error.message} />;
  if (apps.data.length === 0) return <Empty description={t('apps.empty')} />;
  return (
    <section aria-label={t('apps.title')}>
      <List dataSource={apps.data} rowKey="baseAppCode" renderItem={(app) => <AppEntry app={app} />} />
    </section>
  );
}
