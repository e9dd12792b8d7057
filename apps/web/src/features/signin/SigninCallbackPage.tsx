import { useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { completeSignIn, startSignIn } from '../../auth/session.ts';
import { AuthLayout } from './AuthLayout.tsx';

let completion: Promise<string | null> | undefined;

/** /signin-callback: exchanges the code (once, even under StrictMode) and opens where the user was going. */
export default function SigninCallbackPage() {
  const { t } = useTranslation('signin');
  const navigate = useNavigate();
  const [error, setError] = useState<string>();

  useEffect(() => {
    completion ??= completeSignIn();
    completion
      .then((returnTo) => navigate(returnTo && returnTo !== '/signin' ? returnTo : '/dashboard', { replace: true }))
      .catch((reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason)))
      .finally(() => {
        completion = undefined;
      });
  }, [navigate]);

  return (
    <AuthLayout>
      {error ? (
        <Result
          status="error"
          title={t('failed')}
          subTitle={error}
          extra={
            <Button type="primary" onClick={() => void startSignIn()}>
              {t('restart')}
            </Button>
          }
        />
      ) : (
        <div style={{ textAlign: 'center' }}>
          <Spin />
          <p>{t('completing')}</p>
        </div>
      )}
    </AuthLayout>
  );
}
