import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserProfile } from '@portal/contracts';
import { ROUTES } from '@portal/contracts';

/** Trial accounts: days left (countExpirationDate) or expired, and Upgrade except for unit users. */
export function TrialBanner({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  if (!profile.isTrial || profile.countExpirationDate === null) return null;
  const expired = profile.countExpirationDate <= 0;
  return (
    <div className="trial" role="status">
      <span className={expired ? 'trial-tag trial-tag-expired' : 'trial-tag'}>
        {expired ? t('trial.expired') : t('trial.daysLeft', { count: profile.countExpirationDate })}
      </span>
      {!profile.isUserUnit && (
        <button type="button" className="button button-primary button-small" onClick={() => void navigate(ROUTES.upgrade)}>
          {t('trial.upgrade')}
        </button>
      )}
    </div>
  );
}
