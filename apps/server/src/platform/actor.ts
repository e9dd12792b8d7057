import { and, eq, inArray } from 'drizzle-orm';
import { agencyUserMayHold, BUILT_IN_ROLES, isUnitLevelPermission, STATUS, USER_STATUS, type PermissionName } from '@portal/contracts';
import type { Queryable } from '../db/client.ts';
import { agencies, rolePermissions, roles, units, userRoles, users } from '../db/schema/index.ts';
import { InvalidatingCache } from './cache/invalidating-cache.ts';
import { accountOf, type Invalidation } from './cache/invalidation.ts';

/** Who is calling: resolved once per request from the access token. */
export interface Actor {
  userId: string;
  username: string;
  /** The actor's unit; null for platform staff and agency users. */
  unitId: string | null;
  /** The actor's agency (reseller); null for platform staff and units' users. */
  agencyId: string | null;
  /** The agency's agent (its principal), as opposed to one of its agent users. */
  isAgent: boolean;
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
  agency: { name: string; status: number } | null;
}

/**
 * Loads a user with their unit and effective permissions. A unit's user never holds a
 * platform-level permission, nor an agency's user anything beyond the agency-level ones
 * (agent-only ones for the agent alone), whatever their roles say.
 */
export async function loadActor(db: Queryable, userId: string): Promise<ActorRecord | undefined> {
  const [row] = await db
    .select({
      user: users,
      unitName: units.name,
      unitIsTrial: units.isTrial,
      unitExpiryDate: units.expiryDate,
      unitStatus: units.status,
      agencyName: agencies.name,
      agencyStatus: agencies.status,
    })
    .from(users)
    .leftJoin(units, eq(units.id, users.unitId))
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
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
  const inAgency = user.agencyId !== null;
  const mayHold = (code: string) => (inUnit ? isUnitLevelPermission(code) : inAgency ? agencyUserMayHold(code, user.isAgent) : true);
  const permissions = new Set(granted.map((g) => g.code as PermissionName).filter(mayHold));

  return {
    actor: {
      userId: user.id,
      username: user.username,
      unitId: user.unitId,
      agencyId: user.agencyId,
      isAgent: inAgency && user.isAgent,
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
    agency: row.agencyName === null ? null : { name: row.agencyName, status: row.agencyStatus ?? STATUS.active },
  };
}

/**
 * Who a caller is, answered from memory between changes: every instance forgets an account the
 * moment a change to it, its roles, their permissions, its unit or its agency commits
 * (platform/cache), so a lock or a removed permission applies everywhere at once.
 */
export type ActorLoader = (userId: string) => Promise<ActorRecord | undefined>;

export function cachedActorLoader(db: Queryable, invalidation: Invalidation): ActorLoader {
  const cache = new InvalidatingCache<string, ActorRecord | undefined>(invalidation, { keyOf: accountOf, ttlMs: 60_000, max: 20_000 });
  return (userId) => cache.get(userId, () => loadActor(db, userId));
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
