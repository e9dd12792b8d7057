import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { PermissionName } from '@portal/contracts';
import { usePermissions } from '../api/queries.ts';
import { ForbiddenPage } from '../features/errors/ForbiddenPage.tsx';
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

/** A screen the user may open only with `permission`; the server refuses the rest anyway. */
export function RequirePermission({ permission, children }: { permission?: PermissionName | undefined; children: ReactNode }) {
  const permissions = usePermissions();
  if (permission && !permissions.has(permission)) return <ForbiddenPage />;
  return children;
}
