import { useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { startSignIn } from '../../auth/session.ts';

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
      <Result
        status="error"
        title={t('failed')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('restart')}
          </Button>
        }
      />
    );
  }
  return (
    <div style={{ textAlign: 'center' }}>
      <Spin />
      <p>{t('redirecting')}</p>
    </div>
  );
}
