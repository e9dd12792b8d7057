import { useLocation, useSearchParams } from 'react-router';

import { AuthLayout } from './AuthLayout.tsx';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';
import { SigninFlow } from './SigninFlow.tsx';
import { StartSignin } from './StartSignin.tsx';

/**
 * /signin: with a reset link (?resetToken=…) it sets a new password; with an interaction of
 * the provider (?uid=…) it shows the sign-in screens for it; otherwise it starts one
 * (authorization request with PKCE).
 */
export default function SigninPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const uid = params.get('uid');
  const resetToken = params.get('resetToken');
  return (
    <AuthLayout>
      {resetToken ? (
        <ResetPasswordForm token={resetToken} />
      ) : uid ? (
        <SigninFlow uid={uid} />
      ) : (
        <StartSignin returnTo={(location.state)?.returnTo} />
      )}
    </AuthLayout>
  );
}
