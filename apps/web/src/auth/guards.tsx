import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { hasSession } from './session.ts';

export interface SigninState {
  returnTo?: string;
}

/** Pages behind it need an access token; without one the user goes to sign in and comes back. */
export function RequireSession() {
  const location = useLocation();
  if (!hasSession()) {
    const state: SigninState = { returnTo: `${location.pathname}${location.search}` };
    return <Navigate to="/signin" replace state={state} />;
  }
  return <Outlet />;
}

/** Sign-in screens: a signed-in user has nothing to do there and goes to the dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  return hasSession() ? <Navigate to="/dashboard" replace /> : children;
}
