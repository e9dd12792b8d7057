import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BASE_PATH, ROUTES } from '@portal/contracts';
import { startSignInInPlace } from '../../auth/session.ts';
import { Button, Outcome, Spinner } from './controls.tsx';

let started: Promise<string | undefined> | undefined;

/**
 * Starts the sign-in (authorization request with PKCE), once even under StrictMode's double
 * effects, and opens where the provider sends it — the sign-in form, in this same page.
 */
export function StartSignin({ returnTo }: { returnTo?: string | undefined }) {
  const { t } = useTranslation('signin');
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    started ??= startSignInInPlace(returnTo);
    started.then(
      (target) => {
        started = undefined;
        if (!target) return;
        // The sign-in form opens in this page; anything else (the callback, when the provider
        // still had a session) is a page load, as the signed-in part of the app needs
        // (`signedInOnly` in the router: its routes were left empty without a session).
        const { pathname, search } = new URL(target);
        if (pathname === `${BASE_PATH}${ROUTES.signin}`) void navigate(`${ROUTES.signin}${search}`, { replace: true });
        else window.location.replace(target);
      },
      () => {
        started = undefined;
        setFailed(true);
      },
    );
  }, [returnTo, navigate]);

  if (failed) {
    return (
      <Outcome status="error" title={t('failed')}>
        <Button onClick={() => window.location.reload()}>{t('restart')}</Button>
      </Outcome>
    );
  }
  return <Spinner label={t('redirecting')} />;
}
