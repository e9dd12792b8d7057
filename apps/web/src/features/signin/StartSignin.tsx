import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startSignIn } from '../../auth/session.ts';
import { Button, Outcome, Spinner } from './controls.tsx';

let started: Promise<void> | undefined;

/** Sends the browser to the provider, once even under StrictMode's double effects. */
export function StartSignin({ returnTo }: { returnTo?: string | undefined }) {
  const { t } = useTranslation('signin');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    started ??= startSignIn(returnTo);
    started.catch(() => {
      started = undefined;
      setFailed(true);
    });
  }, [returnTo]);

  if (failed) {
    return (
      <Outcome status="error" title={t('failed')}>
        <Button onClick={() => window.location.reload()}>{t('restart')}</Button>
      </Outcome>
    );
  }
  return <Spinner label={t('redirecting')} />;
}
