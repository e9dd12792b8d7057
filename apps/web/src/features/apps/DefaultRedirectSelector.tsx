import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PORTAL_SERVICE_CODE, STATUS, type UserProfile } from '@portal/contracts';
import { notifySuccess } from '../../shared/notify.ts';
import { useBaseApps, useUpdateDefaultLogin } from '../account/account-api.ts';

/** Where the user lands after signing in: the portal or an app of an active pack (not for platform staff). */
export function DefaultRedirectSelector({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('account');
  const apps = useBaseApps();
  const update = useUpdateDefaultLogin();
  const id = useId();
  if (profile.isAdminIAM || profile.isUserWebPortal) return null;
  const options = (apps.data ?? []).filter((app) => app.channelPackageStatus === STATUS.active).map((app) => ({ value: app.baseAppCode, label: app.title }));
  return (
    // A native select: the header, on every screen, stays without antd's Select. Its label is
    // shown (on phones, only to assistive technology); the title says it in full.
    <span className="header-field">
      <label htmlFor={id} className="header-button-text">
        {t('apps.defaultRedirectLabel')}
      </label>
      <select
        id={id}
        className="header-select"
        title={t('apps.defaultRedirect')}
        aria-busy={apps.isPending || update.isPending}
        disabled={update.isPending}
        value={profile.channelCodeDefaultLogin ?? PORTAL_SERVICE_CODE}
        onChange={(event) =>
          update.mutate({ channelCode: event.target.value, userId: profile.id }, { onSuccess: () => notifySuccess(t('apps.defaultSaved')) })
        }
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
