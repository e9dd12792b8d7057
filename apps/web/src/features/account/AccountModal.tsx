import { Modal, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@portal/contracts';
import { ProfileForm } from './ProfileForm.tsx';
import { TwoFactorSettings } from './TwoFactorSettings.tsx';

/** "Manage account" of the account menu: account information and two-factor. */
export default function AccountModal({ profile, open, onClose }: { profile: UserProfile; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('info.title')} destroyOnHidden width={560}>
      <Tabs
        items={[
          { key: 'info', label: t('info.tab'), children: <ProfileForm profile={profile} /> },
          { key: 'two-factor', label: t('twoFactor.tab'), children: <TwoFactorSettings /> },
        ]}
      />
    </Modal>
  );
}
