import { and, eq, inArray } from 'drizzle-orm';
import { BUILT_IN_ROLES, isUnitLevelPermission, USER_STATUS, type PermissionName } from '@portal/contracts';
import type { Queryable } from '../db/client.ts';
import { rolePermissions, roles, units, userRoles, users } from '../db/schema/index.ts';

/** Who is calling: resolved once per request from the access token. */
export interface Actor {
  userId: string;
  username: string;
  /** The actor's unit; null for platform staff. */
  unitId: string | null;
  isAdminIam: boolean;
  isUserWebPortal: boolean;
  isUserUnit: boolean;
  /** Holds the unit administrator role (ADMINENTERPRISE) of their unit. */
  isAdminUnit: boolean;
  allowExport: boolean;
  roleNames: string[];
  permissions: ReadonlySet<PermissionName>;
}

export interface ActorRecord {
  actor: Actor;
  user: typeof users.$inferSelect;
  unit: Pick<typeof units.$inferSelect, 'name' | 'isTrial' | 'expiryDate' | 'status'> | null;
}

/**
 * Loads a user with their unit and effective permissions. A unit's user never holds a
 * platform-level permission, whatever their roles say.
 */
export async function loadActor(db: Queryable, userId: string): Promise<ActorRecord | undefined> {
  const [row] = await db
    .select({
      user: users,
      unitName: units.name,
      unitIsTrial: units.isTrial,
      unitExpiryDate: units.expiryDate,
      unitStatus: units.status,
    })
    .from(users)
    .leftJoin(units, eq(units.id, users.unitId))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const { user } = row;

  const held = await db
    .select({ id: roles.id, code: roles.code, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.status, USER_STATUS.active)));
  const granted = held.length
    ? await db
        .selectDistinct({ code: rolePermissions.permissionCode })
        .from(rolePermissions)
        .where(
          inArray(
            rolePermissions.roleId,
            held.map((role) => role.id),
          ),
        )
    : [];
  const inUnit = user.unitId !== null;
  const permissions = new Set(
    granted.map((g) => g.code as PermissionName).filter((code) => !inUnit || isUnitLevelPermission(code)),
  );

  return {
    actor: {
      userId: user.id,
      username: user.username,
      unitId: user.unitId,
      isAdminIam: user.isAdminIam,
      isUserWebPortal: user.isUserWebPortal,
      isUserUnit: user.isUserUnit,
      isAdminUnit: inUnit && held.some((role) => role.code === BUILT_IN_ROLES.unitAdmin),
      allowExport: user.allowExport,
      roleNames: held.map((role) => role.name),
      permissions,
    },
    user,
    unit:
      row.unitName === null
        ? null
        : {
            name: row.unitName,
            isTrial: row.unitIsTrial ?? false,
            expiryDate: row.unitExpiryDate,
            status: row.unitStatus ?? USER_STATUS.active,
          },
  };
}

/**
 * Nobody hands out more than they hold: granting a permission (through a role or the matrix)
 * needs that permission, unless the actor is a platform administrator (isAdminIAM).
 */
export function canGrant(actor: Actor, permissions: Iterable<string>): boolean {
  if (actor.isAdminIam) return true;
  for (const permission of permissions) if (!actor.permissions.has(permission as PermissionName)) return false;
  return true;
}
