import { Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@portal/contracts';
import { PasskeysSettings } from './PasskeysSettings.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { TwoFactorSettings } from './TwoFactorSettings.tsx';

/** "Manage account" of the account menu: account information, two-factor and security (passkeys). */
export default function AccountModal({ profile, open, onClose }: { profile: UserProfile; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('info.title')} destroyOnHidden width={560}>
      {/* Narrow gaps: on a phone the three tabs fit side by side (an overflowing tab bar grows a
          "more" button inside the tab list, which screen readers cannot use as a tab). */}
      <Tabs
        tabBarGutter={16}
        items={[
          { key: 'info', label: t('info.tab'), children: <ProfileForm profile={profile} /> },
          { key: 'two-factor', label: t('twoFactor.tab'), children: <TwoFactorSettings /> },
          { key: 'security', label: t('security.tab'), children: <PasskeysSettings /> },
        ]}
      />
    </Modal>
  );
}
