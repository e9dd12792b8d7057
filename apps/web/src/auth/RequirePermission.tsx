import { lazy, type ReactNode } from 'react';
import type { PermissionName } from '@portal/contracts';
import { usePermissions } from '../api/queries.ts';

// Rarely shown (the menu offers only what the user may open): loaded when it is.
const ForbiddenPage = lazy(() => import('../features/errors/ForbiddenPage.tsx').then((module) => ({ default: module.ForbiddenPage })));

/** A screen the user may open only with `permission`; the server refuses the rest anyway. */
export function RequirePermission({ permission, children }: { permission?: PermissionName | undefined; children: ReactNode }) {
  const permissions = usePermissions();
  if (permission && !permissions.has(permission)) return <ForbiddenPage />;
  return children;
}
