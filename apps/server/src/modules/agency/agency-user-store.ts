import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { USER_STATUS, type AgencyUserRecord, type agencyUserResource } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { agencies, roles, userRoles, users } from '../../db/schema/index.ts';
import { generatePassword, hashPassword } from '../../identity/passwords.ts';
import type { Operation, ResourceStore } from '../../platform/resource/register.ts';
import { agencyForWrite, isPlatform, withinAgency, type Scope } from '../../platform/resource/scope.ts';
import { allOf, keywordMatch, outer, totalOver, toPageResult } from '../../platform/resource/search.ts';
import { assertAccountIsFree } from '../unit/create-unit.ts';
import { accountSummary, assignRoles, endSessions, mailNewAccount, personColumns, refuseSelf, setAccountStatus } from '../user/account-changes.ts';
import { assertAgencyExists } from './agency-store.ts';

const userId = outer('users', 'id');
const held = (column: SQL) => sql`coalesce((select array_agg(${column} order by ${roles.name}) from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${userId}), '{}')`;
const columns = {
  user: users,
  agencyName: agencies.name,
  roleIds: held(sql`${userRoles.roleId}::text`).mapWith((value: string[]) => value),
  roleNames: held(sql`${roles.name}`).mapWith((value: string[]) => value),
};

type Row = { user: typeof users.$inferSelect; agencyName: string; roleIds: string[]; roleNames: string[] };

function toRecord({ user, agencyName, roleIds, roleNames }: Row): AgencyUserRecord {
  return { ...accountSummary(user), agencyId: user.agencyId!, agencyName, isAgent: user.isAgent, roleIds, roleNames };
}

/** An agency's accounts within the caller's reach. */
const inScope = (scope: Scope) => allOf(isNotNull(users.agencyId), withinAgency(users.agencyId, scope));

function select(db: Queryable, where: SQL | undefined) {
  return db.select(columns).from(users).innerJoin(agencies, eq(agencies.id, users.agencyId)).where(where);
}

type SaveInput = Parameters<NonNullable<ResourceStore<typeof agencyUserResource>['update']>>[2];

/** The agency's own active or inactive roles only: never a system or a unit role, nor another agency's. */
const rolesOf = (agencyId: string) => and(eq(roles.scope, 'agency'), eq(roles.agencyId, agencyId))!;

/** The account's password, mailed with the name of its agency. */
async function sendNewAccount(tx: Transaction, op: Operation, agencyId: string, username: string, email: string, password: string) {
  const [agency] = await tx.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, agencyId));
  await mailNewAccount(tx, op, { username, email, password, organisation: agency!.name });
}

export const agencyUserStore: ResourceStore<typeof agencyUserResource> = {
  async search(db, query, page, scope) {
    const where = allOf(
      inScope(scope),
      query.agencyId ? eq(users.agencyId, query.agencyId) : undefined,
      query.status === undefined ? undefined : eq(users.status, query.status),
      query.isAgent === undefined ? undefined : eq(users.isAgent, query.isAgent),
      keywordMatch([users.username, users.fullName, users.email, users.mobile], query.keyword),
    );
    const rows = await db
      .select({ ...columns, total: totalOver })
      .from(users)
      .innerJoin(agencies, eq(agencies.id, users.agencyId))
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.id))
      .limit(page.limit)
      .offset(page.offset);
    return toPageResult(rows, toRecord, page, async () => (await db.select({ n: count() }).from(users).where(where))[0]!.n);
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
    await assertAccountIsFree(tx, { username, email: input.email });
    const password = input.password ?? generatePassword();
    const [created] = await tx
      .insert(users)
      .values({
        agencyId,
        username,
        ...personColumns(input),
        passwordHash: await hashPassword(password),
        passwordChangeRequired: !input.password,
        isAgent: input.isAgent ?? false,
        status: input.status ?? USER_STATUS.active,
      })
      .returning({ id: users.id });
    await assignRoles(tx, created!.id, input.roleIds, op.actor, rolesOf(agencyId));
    if (!input.password) await sendNewAccount(tx, op, agencyId, username, input.email, password);
    return { id: created!.id, name: username, unitId: null };
  },

  /** The agency, the username and the password never change here; nor may an agent demote or lock themselves. */
  async update(tx, existing, input, op) {
    const isAgent = input.isAgent ?? existing.isAgent;
    const status = input.status ?? existing.status;
    if (existing.id === op.actor.userId && (isAgent !== existing.isAgent || status !== existing.status)) refuseSelf(op.actor.userId, existing.id);
    await assertAccountIsFree(tx, { username: existing.username, email: input.email }, existing.id);
    await tx
      .update(users)
      .set({ ...personColumns(input), isAgent })
      .where(eq(users.id, existing.id));
    await assignRoles(tx, existing.id, input.roleIds, op.actor, rolesOf(existing.agencyId));
    // Permissions are read at every request: a change of kind or roles applies at once.
    if (status !== existing.status) await setAccountStatus(tx, existing.id, status, op);
  },

  async remove(tx, existing, op) {
    refuseSelf(op.actor.userId, existing.id);
    await endSessions(tx, existing.id, op);
    await tx.delete(users).where(eq(users.id, existing.id));
  },

  async setStatus(tx, existing, status, op) {
    refuseSelf(op.actor.userId, existing.id);
    await setAccountStatus(tx, existing.id, status, op);
  },
};
