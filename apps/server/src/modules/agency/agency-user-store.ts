import { and, eq, isNotNull, type SQL } from 'drizzle-orm';
import { USER_STATUS, type AgencyUserRecord, type agencyUserResource } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { agencies, roles, users } from '../../db/schema/index.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { assertAgencyExists, agencyForWrite, isPlatform, withinAgency, type Scope } from '../../platform/resource/scope.ts';
import { allOf, keywordMatch, sortedBy, totalOver, toPageResult } from '../../platform/resource/search.ts';
import { accountSummary, assignRoles } from '../user/account-changes.ts';
import { ACCOUNT_KEYWORD_COLUMNS, ACCOUNT_ORDER, ACCOUNT_SORT, changeAccountStatus, countAccounts, createAccount, heldRoles, removeAccount, updateAccount } from '../user/account-core.ts';

const columns = { user: users, agencyName: agencies.name, ...heldRoles };

type Row = { user: typeof users.$inferSelect; agencyName: string; roleIds: string[]; roleNames: string[] };

function toRecord({ user, agencyName, roleIds, roleNames }: Row): AgencyUserRecord {
  return { ...accountSummary(user), agencyId: user.agencyId!, agencyName, isAgent: user.isAgent, roleIds, roleNames, allowExport: user.allowExport };
}

/** An agency's accounts within the caller's reach. */
const inScope = (scope: Scope) => allOf(isNotNull(users.agencyId), withinAgency(users.agencyId, scope));

function select(db: Queryable, where: SQL | undefined) {
  return db.select(columns).from(users).innerJoin(agencies, eq(agencies.id, users.agencyId)).where(where);
}

type SaveInput = Parameters<NonNullable<ResourceStore<typeof agencyUserResource>['update']>>[2];

/** The agency's own active or inactive roles only: never a system or a unit role, nor another agency's. */
const rolesOf = (agencyId: string) => and(eq(roles.scope, 'agency'), eq(roles.agencyId, agencyId))!;

export const agencyUserStore: ResourceStore<typeof agencyUserResource> = {
  async search(db, query, page, scope) {
    const where = allOf(
      inScope(scope),
      query.agencyId ? eq(users.agencyId, query.agencyId) : undefined,
      query.status === undefined ? undefined : eq(users.status, query.status),
      query.isAgent === undefined ? undefined : eq(users.isAgent, query.isAgent),
      keywordMatch(ACCOUNT_KEYWORD_COLUMNS, query.keyword),
    );
    const rows = await db
      .select({ ...columns, total: totalOver })
      .from(users)
      .innerJoin(agencies, eq(agencies.id, users.agencyId))
      .where(where)
      .orderBy(...sortedBy(query.sort, ACCOUNT_SORT, users.id, ACCOUNT_ORDER))
      .limit(page.limit)
      .offset(page.offset);
    return toPageResult(rows, toRecord, page, () => countAccounts(db, where));
  },

  async find(db, id, scope) {
    const [row] = await select(db, allOf(inScope(scope), eq(users.id, id)));
    return row && toRecord(row);
  },

  describe: (user) => ({ id: user.id, name: user.username, unitId: null }),

  async create(tx, input: SaveInput, op) {
    const agencyId = agencyForWrite(op.scope, input.agencyId);
    if (isPlatform(op.scope)) await assertAgencyExists(tx, agencyId);
    const username = input.username!;
    const id = await createAccount(tx, op, {
      username,
      person: input,
      password: input.password,
      columns: { agencyId, isAgent: input.isAgent ?? false, allowExport: isPlatform(op.scope) && (input.allowExport ?? false), status: input.status ?? USER_STATUS.active },
      organisation: { agencyId },
    });
    await assignRoles(tx, id, input.roleIds, op.actor, rolesOf(agencyId));
    return { id, name: username, unitId: null };
  },

  /** The agency, the username and the password never change here; nor may an agent demote or lock themselves. */
  async update(tx, existing, input, op) {
    const isAgent = input.isAgent ?? existing.isAgent;
    const status = input.status ?? existing.status;
    // Only platform staff give or take the export option: an agency's own accounts send it back unchanged.
    const allowExport = isPlatform(op.scope) ? (input.allowExport ?? existing.allowExport) : existing.allowExport;
    await updateAccount(tx, op, existing, { person: input, columns: { isAgent, allowExport }, status, guardedChanged: isAgent !== existing.isAgent || allowExport !== existing.allowExport });
    // Permissions are read at every request: a change of kind or roles applies at once.
    await assignRoles(tx, existing.id, input.roleIds, op.actor, rolesOf(existing.agencyId));
  },

  remove: (tx, existing, op) => removeAccount(tx, op, existing.id),

  setStatus: (tx, existing, status, op) => changeAccountStatus(tx, op, existing.id, status),
};
