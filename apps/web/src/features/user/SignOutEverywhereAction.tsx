import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { USER_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';
import { ConfirmedRowAction } from '../../shared/resource/ConfirmedRowAction.tsx';

const CALLS = { unitUser: USER_CALLS.signOutUnitUser, adminAccount: USER_CALLS.signOutAdminAccount };

/**
 * "Sign this user out everywhere", asked first: every session of the account ends, in the portal
 * and in the apps, and its open tabs are told at once. `kind` is the screen's kind of account.
 */
export function SignOutEverywhereAction({ record, kind }: { record: { id: string; username: string }; kind: keyof typeof CALLS }) {
  const { t } = useTranslation('user');
  const name = record.username;
  return (
    <ConfirmedRowAction
      icon={<LogoutOutlined />}
      label={t('signOutEverywhere')}
      subject={name}
      question={t('signOutEverywhereQuestion', { name })}
      onConfirm={() => callApi(CALLS[kind], { id: record.id })}
      done={t('signedOutEverywhere', { name })}
      confirmLabel={t('signOut')}
    />
  );
}
