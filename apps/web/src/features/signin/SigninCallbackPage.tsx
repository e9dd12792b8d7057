import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PORTAL_SERVICE_CODE, ROUTES, USER_DESCRIPTORS } from '@portal/contracts';
import { callApi } from '../../api/call-api.ts';
import { completeSignIn, startSignIn } from '../../auth/session.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { Button, Outcome, Spinner } from './controls.tsx';

let completion: Promise<{ external?: string; path: string }> | undefined;

/** Paths that mean "no particular page": the user then goes to their default app. */
const NO_PARTICULAR_PAGE = new Set<string | null>([null, '', ROUTES.home, ROUTES.dashboard, ROUTES.signin]);

/**
 * Where a fresh sign-in leads: the page the user asked for, else the default app they chose
 * (when it is another app than the portal), else the first screen of the portal's menu.
 */
async function destinationAfterSignIn(returnTo: string | null): Promise<{ external?: string; path: string }> {
  if (!NO_PARTICULAR_PAGE.has(returnTo)) return { path: returnTo! };
  const profile = await callApi(USER_DESCRIPTORS.profile, undefined);
  const code = profile.channelCodeDefaultLogin;
  if (code && code !== PORTAL_SERVICE_CODE && !profile.isAdminIAM && !profile.isUserWebPortal) {
    const apps = await callApi(USER_DESCRIPTORS.baseApps, undefined);
    const app = apps.find((candidate) => candidate.baseAppCode === code && candidate.channelPackageStatus === 1 && candidate.link);
    if (app?.link) return { external: app.link, path: ROUTES.home };
  }
  return { path: ROUTES.home };
}

/** /signin-callback: exchanges the code (once, even under StrictMode) and opens where the user was going. */
export default function SigninCallbackPage() {
  const { t } = useTranslation('signin');
  const navigate = useNavigate();
  const [error, setError] = useState<string>();

  useEffect(() => {
    completion ??= completeSignIn().then(destinationAfterSignIn);
    completion
      .then(({ external, path }) => (external ? window.location.assign(external) : navigate(path, { replace: true })))
      .catch((reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason)))
      .finally(() => {
        completion = undefined;
      });
  }, [navigate]);

  return (
    <AuthLayout>
      {error ? (
        <Outcome status="error" title={t('failed')} text={error}>
          <Button onClick={() => void startSignIn()}>{t('restart')}</Button>
        </Outcome>
      ) : (
        <Spinner label={t('completing')} />
      )}
    </AuthLayout>
  );
}
