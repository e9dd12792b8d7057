import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@portal/contracts';
import { queryClient } from '../query-client.ts';
import { signOut } from '../../auth/session.ts';

/** The account menu of the header. */
export function AccountMenu({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const name = profile.fullName || profile.username;

  async function handleSignOut() {
    queryClient.clear();
    await signOut();
  }

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [{ key: 'sign-out', icon: <LogoutOutlined />, label: t('account.signOut'), danger: true }],
        onClick: ({ key }) => {
          if (key === 'sign-out') void handleSignOut();
        },
      }}
    >
      <Button type="text" aria-label={t('account.menu')} className="shell-account">
        <Space>
          <Avatar size="small" icon={<UserOutlined />} />
          <span>{name}</span>
        </Space>
      </Button>
    </Dropdown>
  );
}
