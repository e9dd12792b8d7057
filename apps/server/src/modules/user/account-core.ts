import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AccountSortField } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { agencies, roles, units, userRoles, users } from '../../db/schema/index.ts';
import { assertAccountIsFree } from '../../identity/account-names.ts';
import { generatePassword, hashPassword } from '../../identity/passwords.ts';
import type { Operation } from '../../platform/resource/register.ts';
import { outer } from '../../platform/resource/search.ts';
import { endSessions, mailNewAccount, personColumns, refuseSelf, setAccountStatus } from './account-changes.ts';

/**
 * One account's life, shared by the three stores of accounts: a unit's users
 * (unit-user-store.ts), platform staff (admin-account-store.ts) and an agency's users
 * (agency/agency-user-store.ts). Each store adds only what its kind of account has of its own:
 * its place (unit, agency or none), its roles and its extra columns.
 */

type Person = Parameters<typeof personColumns>[0];
/** What a new account's mail names: the unit or the agency it belongs to, or a fixed name. */
type Organisation = string | { unitId: string } | { agencyId: string };

async function organisationName(tx: Transaction, organisation: Organisation): Promise<string> {
  if (typeof organisation === 'string') return organisation;
  const [row] =
    'unitId' in organisation
      ? await tx.select({ name: units.name }).from(units).where(eq(units.id, organisation.unitId))
      : await tx.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, organisation.agencyId));
  return row!.name;
}
type Columns = Partial<typeof users.$inferInsert>;

/** What a keyword is looked for in, in the staff's and agencies' lists. */
export const ACCOUNT_KEYWORD_COLUMNS = [users.username, users.fullName, users.email, users.mobile];

/** Newest accounts first; the id settles ties so pages never overlap. */
export const ACCOUNT_ORDER = [desc(users.createdAt), asc(users.id)];

/**
 * What each sortable column of an account list orders by. Names and e-mails ignore case (as
 * people read them); the expressions are exactly those of the indexes (unit_id, …, id) of
 * migration 0035 and the initial schema's unique lower(username), lower(email) ones, so a sorted
 * page of a unit's users, or of every unit's, is read from an index (sort-indexes.test.ts).
 */
export const ACCOUNT_SORT = {
  username: sql`lower(${users.username})`,
  fullName: sql`lower(${users.fullName})`,
  email: sql`lower(${users.email})`,
  createdAt: users.createdAt,
  status: users.status,
} satisfies Record<AccountSortField, unknown>;

/** How many accounts match, for a page past the end (which carries no total). */
export async function countAccounts(db: Queryable, where: SQL | undefined): Promise<number> {
  return (await db.select({ n: count() }).from(users).where(where))[0]!.n;
}

const held = (column: SQL) =>
  sql`coalesce((select array_agg(${column} order by ${roles.name}) from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${outer('users', 'id')}), '{}')`;

/** The roles an account holds, ids and names in the order of the names: columns of a select from users. */
export const heldRoles = {
  roleIds: held(sql`${userRoles.roleId}::text`).mapWith((value: string[]) => value),
  roleNames: held(sql`${roles.name}`).mapWith((value: string[]) => value),
};

/**
 * Adds an account: its username and e-mail must be free (and the e-mail's domain allowed);
 * `checks` then run (the store's own rules). Without a password one is made and mailed to
 * the account, naming its `organisation`. Answers the new account's id.
 */
export async function createAccount(
  tx: Transaction,
  op: Pick<Operation, 'app'>,
  account: { username: string; person: Person; password: string | null | undefined; columns: Columns; organisation: Organisation; checks?: () => Promise<void> },
): Promise<string> {
  const { username, person } = account;
  await assertAccountIsFree(tx, { username, email: person.email });
  await account.checks?.();
  const password = account.password ?? generatePassword();
  const [created] = await tx
    .insert(users)
    // A generated password is replaced at the first sign-in (identity/new-password-step.ts).
    .values({ username, ...personColumns(person), ...account.columns, passwordHash: await hashPassword(password), passwordChangeRequired: !account.password })
    .returning({ id: users.id });
  if (!account.password) await mailNewAccount(tx, op, { username, email: person.email, password, organisation: await organisationName(tx, account.organisation) });
  return created!.id;
}

/**
 * Edits an account: nobody changes their own `guarded` settings (role, kind, status); the new
 * e-mail must be free; `checks` then run. Writes the person and `columns`, then the status
 * (a lock ends the account's sessions). The username and the password never change here.
 */
export async function updateAccount(
  tx: Transaction,
  op: Pick<Operation, 'app' | 'afterCommit' | 'actor'>,
  existing: { id: string; username: string; status: number },
  change: { person: Person; columns: Columns; status: number; guardedChanged: boolean; checks?: () => Promise<void> },
): Promise<void> {
  if (existing.id === op.actor.userId && (change.guardedChanged || change.status !== existing.status)) refuseSelf(op.actor.userId, existing.id);
  await assertAccountIsFree(tx, { username: existing.username, email: change.person.email }, existing.id);
  await change.checks?.();
  await tx
    .update(users)
    .set({ ...personColumns(change.person), ...change.columns })
    .where(eq(users.id, existing.id));
  if (change.status !== existing.status) await setAccountStatus(tx, existing.id, change.status, op);
}

/** Removes an account (never one's own): its sessions end first. */
export async function removeAccount(tx: Transaction, op: Pick<Operation, 'app' | 'afterCommit' | 'actor'>, id: string): Promise<void> {
  refuseSelf(op.actor.userId, id);
  await endSessions(tx, id, op);
  await tx.delete(users).where(eq(users.id, id));
}

/** Locks or unlocks an account (never one's own). */
export async function changeAccountStatus(tx: Transaction, op: Pick<Operation, 'app' | 'afterCommit' | 'actor'>, id: string, status: number): Promise<void> {
  refuseSelf(op.actor.userId, id);
  await setAccountStatus(tx, id, status, op);
}
