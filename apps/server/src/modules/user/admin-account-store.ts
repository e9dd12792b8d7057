import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { PORTAL_NAME, USER_STATUS, type AdminAccountRecord, type adminAccountResource } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { userRoles, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { allOf, keywordMatch, sortedBy, outer, totalOver, toPageResult } from '../../platform/resource/search.ts';
import { accountSummary, assignSystemRoles, endSessions, refuseUnlessIam } from './account-changes.ts';
import { ACCOUNT_KEYWORD_COLUMNS, ACCOUNT_ORDER, ACCOUNT_SORT, changeAccountStatus, countAccounts, createAccount, heldRoles, removeAccount, updateAccount } from './account-core.ts';

/** Platform staff: accounts without a unit that sign in to the portal. */
const staff = and(isNull(users.unitId), eq(users.isUserWebPortal, true));

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
  return sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${outer('users', 'id')} and ${userRoles.roleId} = ${roleId})`;
}

export const adminAccountStore: ResourceStore<typeof adminAccountResource> = {
  async search(db, query, page) {
    const where = allOf(
      staff,
      keywordMatch(ACCOUNT_KEYWORD_COLUMNS, query.keyword),
      query.status === undefined ? undefined : eq(users.status, query.status),
      query.roleId ? holdsRole(query.roleId) : undefined,
    );
    const rows = await db
      .select({ user: users, ...heldRoles, total: totalOver })
      .from(users)
      .where(where)
      .orderBy(...sortedBy(query.sort, ACCOUNT_SORT, users.id, ACCOUNT_ORDER))
      .limit(page.limit)
      .offset(page.offset);
    return toPageResult(rows, toRecord, page, () => countAccounts(db, where));
  },

  async find(db: Queryable, id) {
    const [row] = await db.select({ user: users, ...heldRoles }).from(users).where(and(staff, eq(users.id, id)));
    return row && toRecord(row);
  },

  describe: (account) => ({ id: account.id, name: account.username, unitId: null }),

  async create(tx, input, op) {
    const username = input.username!;
    const id = await createAccount(tx, op, {
      username,
      person: input,
      password: input.password,
      columns: { isUserWebPortal: true, allowExport: input.allowExport ?? false, status: input.status ?? USER_STATUS.active },
      organisation: PORTAL_NAME,
    });
    await assignSystemRoles(tx, id, input.roleIds, op.actor);
    return { id, name: username, unitId: null };
  },

  /** One's own roles, export right and status are set by someone else. */
  async update(tx, existing, input, op) {
    refuseUnlessIam(op.actor, existing);
    const sameRoles = [...input.roleIds].sort().join() === [...existing.roleIds].sort().join();
    const allowExport = input.allowExport ?? existing.allowExport;
    const status = input.status ?? existing.status;
    await updateAccount(tx, op, existing, { person: input, columns: { allowExport }, status, guardedChanged: !sameRoles || allowExport !== existing.allowExport });
    if (!sameRoles) {
      await assignSystemRoles(tx, existing.id, input.roleIds, op.actor);
      await endSessions(tx, existing.id, op);
    }
  },

  async remove(tx, existing, op) {
    // The platform administrator created at first start is kept: without it nobody holds every permission for sure.
    if (existing.isAdminIAM && existing.id !== op.actor.userId) throw new AppError('account.delete_failed');
    await removeAccount(tx, op, existing.id);
  },

  async setStatus(tx, existing, status, op) {
    if (existing.id !== op.actor.userId) refuseUnlessIam(op.actor, existing);
    await changeAccountStatus(tx, op, existing.id, status);
  },
};
