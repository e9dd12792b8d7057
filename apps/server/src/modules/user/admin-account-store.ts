import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { USER_STATUS, type AdminAccountRecord, type adminAccountResource } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema/index.ts';
import { generatePassword, hashPassword } from '../../identity/passwords.ts';
import { AppError } from '../../platform/errors.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { allOf, keywordMatch, outer, totalOver, toPageResult } from '../../platform/resource/search.ts';
import { assertAccountIsFree } from '../unit/create-unit.ts';
import { accountSummary, assignSystemRoles, endSessions, mailNewAccount, personColumns, refuseSelf, refuseUnlessIam, setAccountStatus } from './account-changes.ts';

/** Platform staff: accounts without a unit that sign in to the portal. */
const staff = and(isNull(users.unitId), eq(users.isUserWebPortal, true));

const userId = outer('users', 'id');
const roleIds = sql<string[]>`coalesce((select array_agg(${userRoles.roleId}::text order by ${roles.name}) from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${userId}), '{}')`;
const roleNames = sql<string[]>`coalesce((select array_agg(${roles.name} order by ${roles.name}) from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${userId}), '{}')`;

function toRecord(row: { user: typeof users.$inferSelect; roleIds: string[]; roleNames: string[] }): AdminAccountRecord {
  const { user } = row;
  return {
    ...accountSummary(user),
    roleIds: row.roleIds,
    roleNames: row.roleNames,
    allowExport: user.allowExport,
    isAdminIAM: user.isAdminIam,
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
        ...personColumns(input),
        passwordHash: await hashPassword(password),
        passwordChangeRequired: !input.password,
        isUserWebPortal: true,
        allowExport: input.allowExport ?? false,
        status: input.status ?? USER_STATUS.active,
      })
      .returning({ id: users.id });
    await assignSystemRoles(tx, created!.id, input.roleIds, op.actor);
    if (!input.password) await mailNewAccount(tx, op, { username, email: input.email, password, organisation: 'SSO Portal' });
    return { id: created!.id, name: username, unitId: null };
  },

  /** One's own roles, export right and status are set by someone else. */
  async update(tx, existing, input, op) {
    refuseUnlessIam(op.actor, existing);
    const self = existing.id === op.actor.userId;
    const sameRoles = [...input.roleIds].sort().join() === [...existing.roleIds].sort().join();
    const allowExport = input.allowExport ?? existing.allowExport;
    const status = input.status ?? existing.status;
    if (self && (!sameRoles || allowExport !== existing.allowExport || status !== existing.status)) {
      refuseSelf(op.actor.userId, existing.id);
    }
    await assertAccountIsFree(tx, { username: existing.username, email: input.email }, existing.id);
    await tx
      .update(users)
      .set({ ...personColumns(input), allowExport })
      .where(eq(users.id, existing.id));
    if (!sameRoles) {
      await assignSystemRoles(tx, existing.id, input.roleIds, op.actor);
      await endSessions(tx, existing.id, op);
    }
    if (status !== existing.status) await setAccountStatus(tx, existing.id, status, op);
  },

  async remove(tx, existing, op) {
    refuseSelf(op.actor.userId, existing.id);
    // The platform administrator created at first start is kept: without it nobody holds every permission for sure.
    if (existing.isAdminIAM) throw new AppError('account.delete_failed');
    await endSessions(tx, existing.id, op);
    await tx.delete(users).where(eq(users.id, existing.id));
  },

  async setStatus(tx, existing, status, op) {
    refuseSelf(op.actor.userId, existing.id);
    refuseUnlessIam(op.actor, existing);
    await setAccountStatus(tx, existing.id, status, op);
  },
};

