import { and, eq, inArray, isNull } from 'drizzle-orm';
import { BUILT_IN_ROLES, USER_STATUS } from '@portal/contracts';
import type { Transaction } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema/index.ts';
import { revokeAccountSessions } from '../../identity/adapter.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Ends every session of a user now: provider sessions, grants and refresh tokens go, and
 * access tokens issued before this instant stop working.
 */
export async function endSessions(tx: Transaction, userId: string): Promise<void> {
  await revokeAccountSessions(tx, userId);
  await tx.update(users).set({ tokensValidAfter: new Date() }).where(eq(users.id, userId));
}

/** Active (1) or Lock (5). Unlocking also clears a lockout from wrong passwords. */
export async function setAccountStatus(tx: Transaction, userId: string, status: number): Promise<void> {
  const unlock = status === USER_STATUS.active ? { failedLoginCount: 0, lockedUntil: null } : {};
  await tx.update(users).set({ status, ...unlock }).where(eq(users.id, userId));
  if (status !== USER_STATUS.active) await endSessions(tx, userId);
}

/** Gives a unit's user the unit administrator role or the plain user role, nothing else. */
export async function assignUnitRole(tx: Transaction, userId: string, isAdmin: boolean): Promise<void> {
  const builtIn = await tx
    .select({ id: roles.id, code: roles.code })
    .from(roles)
    .where(inArray(roles.code, [BUILT_IN_ROLES.unitAdmin, BUILT_IN_ROLES.unitUser]));
  const wanted = builtIn.find((role) => role.code === (isAdmin ? BUILT_IN_ROLES.unitAdmin : BUILT_IN_ROLES.unitUser))!;
  await tx.delete(userRoles).where(
    and(
      eq(userRoles.userId, userId),
      inArray(
        userRoles.roleId,
        builtIn.map((role) => role.id),
      ),
    ),
  );
  await tx.insert(userRoles).values({ userId, roleId: wanted.id });
}

/** Replaces a staff account's system roles; every id must be a platform role. */
export async function assignSystemRoles(tx: Transaction, userId: string, roleIds: readonly string[]): Promise<void> {
  const unique = [...new Set(roleIds)];
  const found = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, unique), eq(roles.scope, 'platform'), isNull(roles.unitId)));
  if (found.length !== unique.length) {
    throw new AppError('request.bad_request', { errors: [{ field: 'body.roleIds', message: 'unknown role' }] });
  }
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx.insert(userRoles).values(unique.map((roleId) => ({ userId, roleId })));
}

/** The person's own details, as stored: the full name is "last first", as Vietnamese names go. */
export function personColumns(input: { email: string; firstName: string; lastName: string; mobile: string | null }) {
  return {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    fullName: `${input.lastName} ${input.firstName}`.trim(),
    mobile: input.mobile,
  };
}

/** What every account record tells about its state. */
export function accountState(user: Pick<typeof users.$inferSelect, 'lockedUntil' | 'lastLoginAt' | 'createdAt'>) {
  return {
    isLocked: user.lockedUntil !== null && user.lockedUntil > new Date(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Administrators may not lock, delete or demote themselves. */
export function refuseSelf(actorId: string, userId: string): void {
  if (actorId === userId) throw new AppError('account.update_failed');
}
