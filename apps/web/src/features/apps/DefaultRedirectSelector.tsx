import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PORTAL_SERVICE_CODE, STATUS, type UserProfile } from '@portal/contracts';
import { notifySuccess } from '../../shared/notify.ts';
import { useBaseApps, useUpdateDefaultLogin } from '../account/account-api.ts';

/** Where the user lands after signing in: the portal or an app of an active pack (not for platform staff). */
export function DefaultRedirectSelector({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('account');
  const apps = useBaseApps();
  const update = useUpdateDefaultLogin();
  if (profile.isAdminIAM || profile.isUserWebPortal) return null;
  const options = (apps.data ?? []).filter((app) => app.channelPackageStatus === STATUS.active).map((app) => ({ value: app.baseAppCode, label: app.title }));
  return (
    <Select
      aria-label={t('apps.defaultRedirect')}
      title={t('apps.defaultRedirect')}
      style={{ minWidth: 140 }}
      loading={apps.isPending || update.isPending}
      value={profile.channelCodeDefaultLogin ?? PORTAL_SERVICE_CODE}
      options={options}
      onChange={(channelCode: string) =>
        update.mutate({ channelCode, userId: profile.id }, { onSuccess: () => notifySuccess(t('apps.defaultSaved')) })
      }
    />
  );
}
