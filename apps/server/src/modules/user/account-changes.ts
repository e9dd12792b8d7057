import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { BUILT_IN_ROLES, USER_STATUS } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { rolePermissions, roles, userRoles, users } from '../../db/schema/index.ts';
import { canGrant, type Actor } from '../../platform/actor.ts';
import type { Operation } from '../../platform/resource/register.ts';
import { revokeAccountSessions } from '../../identity/adapter.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import { signinPage } from '../../identity/provider.ts';

/**
 * Ends every session of a user now: provider sessions, grants and refresh tokens go, access
 * tokens issued before this instant stop working, and (once committed) the user's live
 * connections hear it.
 */
export async function endSessions(tx: Transaction, userId: string, op: Pick<Operation, 'app' | 'afterCommit'>): Promise<void> {
  const ended = await revokeAccountSessions(tx, userId);
  await tx.update(users).set({ tokensValidAfter: new Date() }).where(eq(users.id, userId));
  op.afterCommit(() => op.app.realtime.sessionsEnded(ended));
}

/** Ends the sessions of everyone in a unit or an agency (deactivating it stops all of them at once). */
export async function endMembersSessions(tx: Transaction, members: { unitId: string } | { agencyId: string }, op: Pick<Operation, 'app' | 'afterCommit'>): Promise<void> {
  const of = 'unitId' in members ? eq(users.unitId, members.unitId) : eq(users.agencyId, members.agencyId);
  for (const member of await tx.select({ id: users.id }).from(users).where(of)) await endSessions(tx, member.id, op);
}

/** Mails a new account its password, naming the unit or agency it belongs to. */
export async function mailNewAccount(tx: Transaction, op: Pick<Operation, 'app'>, account: { username: string; email: string; password: string; organisation: string }): Promise<void> {
  await op.app.mailer.send(tx, {
    kind: 'accountCreated',
    to: account.email,
    language: 'vi',
    params: { username: account.username, password: account.password, unitName: account.organisation, signinUrl: signinPage(op.app.config.publicUrl) },
  });
}

/** Active (1) or Lock (5). Unlocking also clears a lockout from wrong passwords. */
export async function setAccountStatus(tx: Transaction, userId: string, status: number, op: Pick<Operation, 'app' | 'afterCommit'>): Promise<void> {
  const unlock = status === USER_STATUS.active ? { failedLoginCount: 0, lockedUntil: null } : {};
  await tx.update(users).set({ status, ...unlock }).where(eq(users.id, userId));
  if (status !== USER_STATUS.active) await endSessions(tx, userId, op);
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

/**
 * Replaces an account's roles with `roleIds`, each of which must match `allowed` (the kind of
 * role the account may hold); the actor must hold every permission the roles carry (nobody
 * hands out more than they hold).
 */
export async function assignRoles(tx: Transaction, userId: string, roleIds: readonly string[], actor: Actor, allowed: SQL): Promise<void> {
  const unique = [...new Set(roleIds)];
  const found = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, unique), allowed));
  if (found.length !== unique.length) {
    throw new AppError('request.bad_request', { errors: [{ field: 'body.roleIds', message: 'unknown role' }] });
  }
  const carried = await tx.selectDistinct({ code: rolePermissions.permissionCode }).from(rolePermissions).where(inArray(rolePermissions.roleId, unique));
  if (!canGrant(actor, carried.map((row) => row.code))) throw forbidden();
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx.insert(userRoles).values(unique.map((roleId) => ({ userId, roleId })));
}

/** Replaces a staff account's system roles: platform roles only. */
export async function assignSystemRoles(tx: Transaction, userId: string, roleIds: readonly string[], actor: Actor): Promise<void> {
  await assignRoles(tx, userId, roleIds, actor, and(eq(roles.scope, 'platform'), isNull(roles.unitId))!);
}

/** An account's full name: the family name first, as Vietnamese names are written. */
const fullNameOf = (person: { firstName: string; lastName: string }) => `${person.lastName} ${person.firstName}`.trim();

/** The signed-in user's own details (Account information): names, mobile and description. */
export async function updateOwnDetails(db: Queryable, userId: string, input: { firstName: string; lastName: string; mobile: string | null; description?: string | null | undefined }): Promise<void> {
  await db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, fullName: fullNameOf(input), mobile: input.mobile, description: input.description || null })
    .where(eq(users.id, userId));
}

/** The person's own details, as stored: the full name is "last first", as Vietnamese names go. */
export function personColumns(input: { email: string; firstName: string; lastName: string; mobile: string | null }) {
  return {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    fullName: fullNameOf(input),
    mobile: input.mobile,
  };
}

/** What every account record shows: who it is and the state it is in (never a secret). */
export function accountSummary(user: typeof users.$inferSelect) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: user.fullName,
    mobile: user.mobile,
    status: user.status,
    isLocked: user.lockedUntil !== null && user.lockedUntil > new Date(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Only a platform administrator (isAdminIAM) changes another platform administrator's account. */
export function refuseUnlessIam(actor: Actor, target: { isAdminIAM: boolean }): void {
  if (target.isAdminIAM && !actor.isAdminIam) throw forbidden();
}

/** Administrators may not lock, delete or demote themselves. */
export function refuseSelf(actorId: string, userId: string): void {
  if (actorId === userId) throw new AppError('account.update_failed');
}
