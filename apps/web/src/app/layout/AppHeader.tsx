import { Layout, Space, Typography } from 'antd';
import { useLocation } from 'react-router';
import type { UserProfile } from '@portal/contracts';
import { sectionCodeOf, useMenuTitle } from '../menu-model.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

export function AppHeader({ profile }: { profile: UserProfile }) {
  const title = useMenuTitle();
  const { pathname } = useLocation();
  const section = sectionCodeOf(pathname);
  return (
    <Layout.Header className="shell-header">
      <Typography.Title level={1} className="shell-title">
        {section ? title(section) : ''}
      </Typography.Title>
      <Space size="middle">
        <LanguageSwitcher />
        <AccountMenu profile={profile} />
      </Space>
    </Layout.Header>
  );
}
