import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BASE_PATH } from '@portal/contracts';
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
        const { pathname, search } = new URL(target);
        if (pathname.startsWith(`${BASE_PATH}/`)) void navigate(`${pathname.slice(BASE_PATH.length)}${search}`, { replace: true });
        else window.location.assign(target);
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
