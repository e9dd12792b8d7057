import { useLocation, useSearchParams } from 'react-router';
import type { SigninState } from '../../auth/guards.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { LoginForm } from './LoginForm.tsx';
import { StartSignin } from './StartSignin.tsx';

/**
 * /signin: without an interaction of the provider it starts one (authorization request with
 * PKCE); with one (?uid=…) it shows the sign-in form for it.
 */
export default function SigninPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const uid = params.get('uid');
  return <AuthLayout>{uid ? <LoginForm uid={uid} /> : <StartSignin returnTo={(location.state as SigninState | null)?.returnTo} />}</AuthLayout>;
}
