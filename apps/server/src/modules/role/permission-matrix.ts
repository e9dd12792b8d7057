import { eq } from 'drizzle-orm';
import { isAgencyLevelPermission, isPermissionName, isUnitLevelPermission, PERMISSIONS, type PermissionMatrix } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { rolePermissions } from '../../db/schema/index.ts';
import { canGrant, type Actor } from '../../platform/actor.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import { isSuperAdminRole } from './role-store.ts';

/** A role as the matrix needs it: system, unit or agency role. */
export interface MatrixRole {
  id: string;
  code?: string | null;
  scope: 'platform' | 'unit' | 'agency';
}

const ASSIGNABLE = {
  platform: () => true,
  unit: (name: string) => isUnitLevelPermission(name),
  agency: (name: string) => isAgencyLevelPermission(name),
} as const;

/** The permissions a role may hold: all of them for system roles, unit- or agency-level ones for the others. */
function assignable(role: Pick<MatrixRole, 'scope'>) {
  return PERMISSIONS.filter((p) => ASSIGNABLE[role.scope](p.name));
}

/** The catalogue as modules × features × actions, with what the role holds ticked. */
export async function permissionMatrix(db: Queryable, role: MatrixRole): Promise<PermissionMatrix> {
  const held = new Set((await db.select({ code: rolePermissions.permissionCode }).from(rolePermissions).where(eq(rolePermissions.roleId, role.id))).map((r) => r.code));
  const modules: PermissionMatrix['modules'] = [];
  for (const permission of assignable(role)) {
    let module = modules.find((m) => m.module === permission.module);
    if (!module) modules.push((module = { module: permission.module, features: [] }));
    let feature = module.features.find((f) => f.feature === permission.feature);
    if (!feature) module.features.push((feature = { feature: permission.feature, actions: [] }));
    feature.actions.push({ action: permission.action, permission: permission.name, granted: held.has(permission.name) });
  }
  return { roleId: role.id, modules };
}

/**
 * Replaces what a role holds. Unknown names and, for unit and agency roles, ones beyond their
 * level are refused, and so is adding a permission the actor does not hold.
 */
export async function savePermissions(tx: Transaction, role: MatrixRole, names: readonly string[], actor: Actor): Promise<void> {
  // The super-admin role holds every permission by definition (it is topped up at every start).
  if (role.code && isSuperAdminRole({ code: role.code })) throw new AppError('account.update_failed');
  const invalid = names.filter((name) => !isPermissionName(name) || !ASSIGNABLE[role.scope](name));
  if (invalid.length) {
    throw new AppError('request.bad_request', { errors: invalid.map((name) => ({ field: 'body.permissions', message: `unknown or not assignable: ${name}` })) });
  }
  const held = new Set((await tx.select({ code: rolePermissions.permissionCode }).from(rolePermissions).where(eq(rolePermissions.roleId, role.id))).map((r) => r.code));
  if (!canGrant(actor, names.filter((name) => !held.has(name)))) throw forbidden();
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
  const unique = [...new Set(names)];
  if (unique.length) await tx.insert(rolePermissions).values(unique.map((permissionCode) => ({ roleId: role.id, permissionCode })));
}
