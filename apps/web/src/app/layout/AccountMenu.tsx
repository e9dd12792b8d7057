import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@portal/contracts';
import { queryClient } from '../../api/query-client.ts';
import { signOut } from '../../auth/session.ts';
import { Icon } from '../../shared/ui/Icon.tsx';
import { MenuButton } from '../../shared/ui/MenuButton.tsx';
import { lazyWithAntd } from '../../shared/with-antd.tsx';

const AccountModal = lazyWithAntd(() => import('../../features/account/AccountModal.tsx').then((module) => module.default));
const ChangePasswordModal = lazyWithAntd(() => import('../../features/account/ChangePasswordModal.tsx').then((module) => module.default));

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
      <MenuButton
        label={t('account.menu')}
        items={[
          { key: 'account', icon: <Icon name="user" />, label: t('account.manage') },
          { key: 'password', icon: <Icon name="key" />, label: t('account.changePassword') },
          { key: 'divider', divider: true },
          { key: 'sign-out', icon: <Icon name="logout" />, label: t('account.signOut'), danger: true },
        ]}
        onSelect={(key) => {
          if (key === 'sign-out') void handleSignOut();
          else setOpen(key as 'account' | 'password');
        }}
      >
        <span className="shell-avatar">
          <Icon name="user" />
        </span>
        <span className="header-button-text">{name}</span>
      </MenuButton>
      <Suspense fallback={null}>
        {open === 'account' && <AccountModal profile={profile} open onClose={() => setOpen(undefined)} />}
        {open === 'password' && <ChangePasswordModal open onClose={() => setOpen(undefined)} />}
      </Suspense>
    </>
  );
}
