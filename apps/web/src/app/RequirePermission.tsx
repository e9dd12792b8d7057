import { lazy, type ReactNode } from 'react';
import type { PermissionName } from '@portal/contracts';
import { usePermissions } from '../api/queries.ts';
import { lazyWithAntd } from '../shared/with-antd.tsx';

// Rarely shown (the menu offers only what the user may open): loaded when it is, with antd,
// so the dashboard's chain stays without antd.
const ForbiddenPage = lazyWithAntd(() => import('../features/errors/ForbiddenPage.tsx').then((module) => module.ForbiddenPage));
const HomeRedirect = lazy(() => import('./redirects.tsx').then((module) => ({ default: module.HomeRedirect })));

/**
 * A screen the user may open only with `permission`; the server refuses the rest anyway. The
 * `landing` screen (the dashboard, where sign-ins and "home" links lead) is not refused: a user
 * without it (an agent) goes to the first screen of their menu instead (specification, section 2).
 */
export function RequirePermission({ permission, landing = false, children }: { permission?: PermissionName | undefined; landing?: boolean; children: ReactNode }) {
  const permissions = usePermissions();
  if (permission && !permissions.has(permission)) return landing ? <HomeRedirect /> : <ForbiddenPage />;
  return children;
}
