import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { ROUTES } from '@portal/contracts';
import { hasSession } from './session.ts';

export interface SigninState {
  returnTo?: string;
}

/** Pages behind it need an access token; without one the user goes to sign in and comes back. */
export function RequireSession() {
  const location = useLocation();
  if (!hasSession()) {
    const state: SigninState = { returnTo: `${location.pathname}${location.search}` };
    return <Navigate to={ROUTES.signin} replace state={state} />;
  }
  return <Outlet />;
}

/**
 * Sign-in screens: a signed-in user has nothing to do there and goes to the dashboard — except
 * on an interaction of the provider (?uid=), which is the server's, whatever token this
 * browser holds: a service app's sign-in refused (expired pack, no grant) shows why there, and
 * a provider session that ended asks for the password there.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  return hasSession() && !params.has('uid') ? <Navigate to={ROUTES.dashboard} replace /> : children;
}
