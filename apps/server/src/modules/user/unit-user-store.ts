import { aliasedTable, asc, desc, eq, exists, inArray, not, sql, type SQL } from 'drizzle-orm';
import { BUILT_IN_ROLES, EXTENSION_OPTIONS, USER_STATUS, type UnitUserRecord, type unitUserResource } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { passkeys, roles, units, userRoles, users, userTotp } from '../../db/schema/index.ts';
import { generatePassword, hashPassword } from '../../identity/passwords.ts';
import { AppError } from '../../platform/errors.ts';
import type { Operation, ResourceStore } from '../../platform/resource/register.ts';
import { unitForWrite, withinScope, type Scope } from '../../platform/resource/scope.ts';
import { allOf, keywordIn, largePage, outer, sortedBy, totalOver, toPageResult, type SearchPage } from '../../platform/resource/search.ts';
import { portalUserChanged } from '../provisioning/changes.ts';
import { accountSummary, assignUnitRole, endSessions } from './account-changes.ts';
import { ACCOUNT_SORT, changeAccountStatus, countAccounts, createAccount, removeAccount, updateAccount } from './account-core.ts';
import { signinPage } from '../../identity/provider.ts';

const manager = aliasedTable(users, 'manager');

/** What a keyword is looked for in; the users_search_trgm index is on this very expression. */
export const USER_SEARCH_TEXT = sql`(${users.username} || ' ' || ${users.fullName} || ' ' || ${users.email} || ' ' || coalesce(${users.mobile}, ''))`;

const isUnitAdmin = exists(
  sql`(select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${outer('users', 'id')} and ${roles.code} = ${BUILT_IN_ROLES.unitAdmin})`,
);

// Second factors in the list's own query (per row, by the user_id indexes), not a call per row.
const passkeyCount = sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.userId} = ${outer('users', 'id')})`;
const hasApp = exists(sql`(select 1 from ${userTotp} where ${userTotp.userId} = ${outer('users', 'id')} and ${userTotp.confirmedAt} is not null)`);

const columns = {
  user: users,
  unitName: units.name,
  reportToName: manager.fullName,
  isAdmin: sql<boolean>`${isUnitAdmin}`,
  passkeyCount,
  hasApp: sql<boolean>`${hasApp}`,
};

type Row = { user: typeof users.$inferSelect; unitName: string; reportToName: string | null; isAdmin: boolean; passkeyCount: number; hasApp: boolean };

function toRecord({ user, unitName, reportToName, isAdmin, passkeyCount, hasApp }: Row): UnitUserRecord {
  return {
    ...accountSummary(user),
    unitId: user.unitId!,
    unitName,
    description: user.description,
    positionCode: user.positionCode,
    departmentCode: user.departmentCode,
    reportToId: user.reportToId,
    reportToName,
    groupCode: user.groupCode,
    extensionOption: user.extensionOption,
    extensionNumber: user.extensionNumber,
    isAdmin,
    passkeyCount: Number(passkeyCount),
    hasApp: Boolean(hasApp),
    allowExport: user.allowExport,
  };
}

function select(db: Queryable, where: SQL | undefined) {
  return db
    .select(columns)
    .from(users)
    .innerJoin(units, eq(units.id, users.unitId))
    .leftJoin(manager, eq(manager.id, users.reportToId))
    .where(where);
}

/** The users of units (never platform staff), always within the caller's unit. */
const inScope = (scope: Scope) => allOf(sql`${users.unitId} is not null`, withinScope(users.unitId, scope));

async function findInScope(db: Queryable, id: string, scope: Scope): Promise<UnitUserRecord | undefined> {
  const [row] = await select(db, allOf(inScope(scope), eq(users.id, id)));
  return row && toRecord(row);
}

/** The person someone reports to must work in the same unit (and not be themselves). */
async function assertReportTo(tx: Transaction, reportToId: string | null, unitId: string, userId?: string): Promise<void> {
  if (!reportToId) return;
  const [manager] = await tx.select({ unitId: users.unitId }).from(users).where(eq(users.id, reportToId));
  if (!manager || manager.unitId !== unitId || reportToId === userId) {
    throw new AppError('request.bad_request', { errors: [{ field: 'body.reportToId', message: 'not a user of this unit' }] });
  }
}

type SaveInput = Parameters<NonNullable<ResourceStore<typeof unitUserResource>['update']>>[2];

/** The switches of a save, with what an omitted one means: its current value, or the default of a new user. */
function settingsOf(input: SaveInput, existing?: UnitUserRecord) {
  return {
    isAdmin: input.isAdmin ?? existing?.isAdmin ?? false,
    status: input.status ?? existing?.status ?? USER_STATUS.active,
    extensionOption: input.extensionOption ?? existing?.extensionOption ?? EXTENSION_OPTIONS.none,
  };
}

/** What add and edit both write besides the person: their place in the unit. */
function memberColumns(input: SaveInput, settings: ReturnType<typeof settingsOf>) {
  return {
    description: input.description,
    positionCode: input.positionCode,
    departmentCode: input.departmentCode,
    reportToId: input.reportToId,
    groupCode: input.groupCode,
    extensionOption: settings.extensionOption,
    extensionNumber: input.extensionNumber,
    isUserUnit: !settings.isAdmin,
  };
}

export const unitUserStore: ResourceStore<typeof unitUserResource> = {
  async search(db, query, page, scope) {
    const where = allOf(
      inScope(scope),
      query.unitId ? eq(users.unitId, query.unitId) : undefined,
      query.status === undefined ? undefined : eq(users.status, query.status),
      query.isAdmin === undefined ? undefined : query.isAdmin ? isUnitAdmin : not(isUnitAdmin),
      keywordIn(USER_SEARCH_TEXT, query.keyword),
    );
    // Newest first, in the order of the (created_at, id) indexes: a million users stay cheap.
    const order = sortedBy(query.sort, ACCOUNT_SORT, users.id, [desc(users.createdAt), desc(users.id)]);
    return largePage(db, users, where, order, page, async (inPage) => (await select(db, inPage).orderBy(...order)).map(toRecord));
  },

  find: findInScope,

  describe: (user) => ({ id: user.id, name: user.username, unitId: user.unitId }),

  async create(tx, input: SaveInput, op) {
    const unitId = unitForWrite(op.scope, input.unitId);
    const username = input.username!;
    const settings = settingsOf(input);
    const id = await createAccount(tx, op, {
      username,
      person: input,
      password: input.password,
      columns: { unitId, ...memberColumns(input, settings), cucmPassword: input.cucmPassword, status: settings.status },
      organisation: { unitId },
      checks: () => assertReportTo(tx, input.reportToId, unitId),
    });
    await assignUnitRole(tx, id, settings.isAdmin);
    return { id, name: username, unitId };
  },

  /** The unit, the username and the password never change here; nor may one change one's own role or status. */
  async update(tx, existing, input, op) {
    const settings = settingsOf(input, existing);
    await updateAccount(tx, op, existing, {
      person: input,
      columns: { ...memberColumns(input, settings), ...(input.cucmPassword ? { cucmPassword: input.cucmPassword } : {}) },
      status: settings.status,
      guardedChanged: settings.isAdmin !== existing.isAdmin,
      checks: () => assertReportTo(tx, input.reportToId, existing.unitId, existing.id),
    });
    if (settings.isAdmin !== existing.isAdmin) await assignUnitRole(tx, existing.id, settings.isAdmin);
    await portalUserChanged(tx, existing.id);
  },

  async remove(tx, existing, op) {
    // Before the user goes: every app they are in deactivates them.
    await portalUserChanged(tx, existing.id);
    await removeAccount(tx, op, existing.id);
  },

  async setStatus(tx, existing, status, op) {
    await changeAccountStatus(tx, op, existing.id, status);
    await portalUserChanged(tx, existing.id);
  },
};

/** A new password for a unit's user, sent to them by e-mail; their sessions end. */
export async function resetUnitUserPassword(tx: Transaction, user: UnitUserRecord, op: Operation): Promise<void> {
  const password = generatePassword();
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(password), passwordChangeRequired: true, failedLoginCount: 0, lockedUntil: null })
    .where(eq(users.id, user.id));
  await endSessions(tx, user.id, op);
  await op.app.mailer.send(tx, {
    kind: 'newPassword',
    to: user.email,
    language: 'vi',
    params: { username: user.username, password, signinUrl: signinPage(op.app.config.publicUrl) },
  });
}

export { findInScope as findUnitUser };

/**
 * Whom a unit's user can report to: a page of the unit's users by name, those matching a
 * keyword (in the account's searched text) or those of `ids` (the select's chosen one).
 */
export async function reportToOptions(db: Queryable, unitId: string, query: { keyword?: string | undefined; ids?: string[] | undefined }, page: SearchPage) {
  const where = allOf(eq(users.unitId, unitId), keywordIn(USER_SEARCH_TEXT, query.keyword), query.ids ? inArray(users.id, query.ids) : undefined);
  const rows = await db
    .select({ id: users.id, fullName: users.fullName, username: users.username, total: totalOver })
    .from(users)
    .where(where)
    // The order of the full-name sort index (unit_id, lower(full_name), id): a page is read from it.
    .orderBy(asc(ACCOUNT_SORT.fullName), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  return toPageResult(rows, ({ id, fullName, username }) => ({ id, fullName, username }), page, () => countAccounts(db, where));
}
