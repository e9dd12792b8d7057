import type { ReactNode } from 'react';
import type { PermissionName } from '@portal/contracts';
import { usePermissions } from '../api/queries.ts';
import { lazyWithAntd } from '../shared/with-antd.tsx';

// Rarely shown (the menu offers only what the user may open): loaded when it is, with antd,
// so the dashboard's chain stays without antd.
const ForbiddenPage = lazyWithAntd(() => import('../features/errors/ForbiddenPage.tsx').then((module) => module.ForbiddenPage));

/** A screen the user may open only with `permission`; the server refuses the rest anyway. */
export function RequirePermission({ permission, children }: { permission?: PermissionName | undefined; children: ReactNode }) {
  const permissions = usePermissions();
  if (permission && !permissions.has(permission)) return <ForbiddenPage />;
  return children;
}
