import { lazy, Suspense, useState } from 'react';
import { KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@portal/contracts';
import { queryClient } from '../query-client.ts';
import { signOut } from '../../auth/session.ts';

const AccountModal = lazy(() => import('../../features/account/AccountModal.tsx'));
const ChangePasswordModal = lazy(() => import('../../features/account/ChangePasswordModal.tsx'));

/** The account menu of the header: manage account, change password, sign out. */
export function AccountMenu({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'account' | 'password'>();
  const name = profile.fullName || profile.username;

  async function handleSignOut() {
    queryClient.clear();
    await signOut();
  }

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'account', icon: <UserOutlined />, label: t('account.manage') },
            { key: 'password', icon: <KeyOutlined />, label: t('account.changePassword') },
            { type: 'divider' },
            { key: 'sign-out', icon: <LogoutOutlined />, label: t('account.signOut'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'sign-out') void handleSignOut();
            else setOpen(key as 'account' | 'password');
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
      <Suspense fallback={null}>
        {open === 'account' && <AccountModal profile={profile} open onClose={() => setOpen(undefined)} />}
        {open === 'password' && <ChangePasswordModal open onClose={() => setOpen(undefined)} />}
      </Suspense>
    </>
  );
}
