import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AdminAccountRecord, adminAccountResource } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema/index.ts';
import { generatePassword, hashPassword } from '../../identity/passwords.ts';
import { AppError } from '../../platform/errors.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { allOf, keywordMatch, outer, totalOver, toPageResult } from '../../platform/resource/search.ts';
import { assertAccountIsFree } from '../unit/create-unit.ts';
import { assignSystemRoles, endSessions, refuseSelf, setAccountStatus } from './account-changes.ts';

/** Platform staff: accounts without a unit that sign in to the portal. */
const staff = and(isNull(users.unitId), eq(users.isUserWebPortal, true));

const userId = outer('users', 'id');
const roleIds = sql<string[]>`coalesce((select array_agg(${userRoles.roleId}::text order by ${roles.name}) from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${userId}), '{}')`;
const roleNames = sql<string[]>`coalesce((select array_agg(${roles.name} order by ${roles.name}) from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${userId}), '{}')`;

function toRecord(row: { user: typeof users.$inferSelect; roleIds: string[]; roleNames: string[] }): AdminAccountRecord {
  const { user } = row;
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: user.fullName,
    mobile: user.mobile,
    roleIds: row.roleIds,
    roleNames: row.roleNames,
    allowExport: user.allowExport,
    isAdminIAM: user.isAdminIam,
    status: user.status,
    isLocked: user.lockedUntil !== null && user.lockedUntil > new Date(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

function holdsRole(roleId: string): SQL {
  return sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId} and ${userRoles.roleId} = ${roleId})`;
}

export const adminAccountStore: ResourceStore<typeof adminAccountResource> = {
  async search(db, query, page) {
    const where = allOf(
      staff,
      keywordMatch([users.username, users.fullName, users.email, users.mobile], query.keyword),
      query.status === undefined ? undefined : eq(users.status, query.status),
      query.roleId ? holdsRole(query.roleId) : undefined,
    );
    const rows = await db
      .select({ user: users, roleIds, roleNames, total: totalOver })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.id))
      .limit(page.limit)
      .offset(page.offset);
    return toPageResult(rows, toRecord, page, async () => (await db.select({ n: count() }).from(users).where(where))[0]!.n);
  },

  async find(db: Queryable, id) {
    const [row] = await db.select({ user: users, roleIds, roleNames }).from(users).where(and(staff, eq(users.id, id)));
    return row && toRecord(row);
  },

  describe: (account) => ({ id: account.id, name: account.username, unitId: null }),

  async create(tx, input, op) {
    const username = input.username!;
    await assertAccountIsFree(tx, { username, email: input.email });
    const password = input.password ?? generatePassword();
    const [created] = await tx
      .insert(users)
      .values({
        username,
        email: input.email,
        passwordHash: await hashPassword(password),
        firstName: input.firstName,
        lastName: input.lastName,
        fullName: `${input.lastName} ${input.firstName}`.trim(),
        mobile: input.mobile,
        isUserWebPortal: true,
        allowExport: input.allowExport,
        status: input.status,
      })
      .returning({ id: users.id });
    await assignSystemRoles(tx, created!.id, input.roleIds);
    if (!input.password) {
      await op.app.mailer.send(tx, {
        kind: 'accountCreated',
        to: input.email,
        language: 'vi',
        params: { username, password, unitName: 'SSO Portal', signinUrl: `${op.app.config.publicUrl}/sso-fe/signin` },
      });
    }
    return { id: created!.id, name: username, unitId: null };
  },

  /** One's own roles, export right and status are set by someone else. */
  async update(tx, existing, input, op) {
    const self = existing.id === op.actor.userId;
    const sameRoles = [...input.roleIds].sort().join() === [...existing.roleIds].sort().join();
    if (self && (!sameRoles || input.allowExport !== existing.allowExport || input.status !== existing.status)) {
      refuseSelf(op.actor.userId, existing.id);
    }
    await assertAccountIsFree(tx, { username: existing.username, email: input.email }, existing.id);
    await tx
      .update(users)
      .set({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        fullName: `${input.lastName} ${input.firstName}`.trim(),
        mobile: input.mobile,
        allowExport: input.allowExport,
      })
      .where(eq(users.id, existing.id));
    if (!sameRoles) {
      await assignSystemRoles(tx, existing.id, input.roleIds);
      await endSessions(tx, existing.id);
    }
    if (input.status !== existing.status) await setAccountStatus(tx, existing.id, input.status);
  },

  async remove(tx, existing, op) {
    refuseSelf(op.actor.userId, existing.id);
    // The platform administrator created at first start is kept: without it nobody holds every permission for sure.
    if (existing.isAdminIAM) throw new AppError('account.delete_failed');
    await endSessions(tx, existing.id);
    await tx.delete(users).where(eq(users.id, existing.id));
  },

  async setStatus(tx, existing, status, op) {
    refuseSelf(op.actor.userId, existing.id);
    await setAccountStatus(tx, existing.id, status);
  },
};

