import { and, asc, eq, getTableName, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { outer } from '../resource/search.ts';
import { LEASE_MS, MAX_ATTEMPTS, nextAttemptDelayMs } from './queue-worker.ts';

/** The columns a leased queue shares: its state and the lease that keeps other instances off a row. */
export type LeasedTable = PgTable & { id: PgColumn; status: PgColumn; lockedUntil: PgColumn };

/** The columns an outbox table (mail, SMS, provisioning) adds: its queue order and attempts. */
export type OutboxTable = LeasedTable & { seq: PgColumn; attempts: PgColumn; nextAttemptAt: PgColumn };

/**
 * Takes up to `limit` due rows of a leased queue for this worker: pending, `due`, not leased
 * by a live worker, in `order`. The lease keeps other instances off them; SKIP LOCKED keeps
 * instances from waiting on each other. `set` is written with the lease (an attempt counted).
 */
export async function claimUnderLease<T extends LeasedTable>(db: Database, table: T, options: ClaimOptions): Promise<T['$inferSelect'][]> {
  return (await claimStatement(db, table, options)) as T['$inferSelect'][];
}

type ClaimOptions = { now: Date; limit: number; pending: number; due: SQL | undefined; order: PgColumn; set?: Record<string, unknown> };

/** claimUnderLease's statement, not run: what it awaits, and what a test of its plan explains. */
function claimStatement(db: Database, table: LeasedTable, options: ClaimOptions) {
  const { now } = options;
  // The pending state written into the statement, not bound: a prepared statement's generic
  // plan can then still walk an index on pending rows only (provisioning_outbox_pending_idx),
  // which a parameter the planner cannot see would rule out.
  const pending = sql`${table.status} = ${sql.raw(String(Math.trunc(options.pending)))}`;
  const due = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(pending, options.due, or(isNull(table.lockedUntil), lt(table.lockedUntil, now))))
    .orderBy(asc(options.order))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(table as PgTable)
    .set({ lockedUntil: new Date(now.getTime() + LEASE_MS), ...options.set } as never)
    .where(inArray(table.id, due))
    .returning();
}

/**
 * Gives back leases this worker holds but will not use (it is stopping, SIGTERM): any instance
 * may claim the rows at once instead of after LEASE_MS. An outbox row also gets back the
 * attempt its claim counted (claimLeased), as it was not tried: a rolling update spends none
 * of a message's MAX_ATTEMPTS, and the row is due again at once.
 */
export async function releaseLeases(db: Database, table: LeasedTable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const attempts = 'attempts' in table ? (table as OutboxTable).attempts : undefined;
  await db
    .update(table as PgTable)
    .set({ lockedUntil: null, ...(attempts ? { attempts: sql`greatest(${attempts} - 1, 0)` } : {}) } as never)
    .where(inArray(table.id, [...ids]));
}

/** The `release` of a queue over this table (QueueDefinition): every leased queue gives its rows back the same way. */
export function leaseRelease(db: Database, table: LeasedTable): (rows: readonly { id: string }[]) => Promise<void> {
  return (rows) => releaseLeases(db, table, rows.map((row) => row.id));
}

/**
 * Holds a row back while an earlier row with the same values in `columns` (one receiver's, one
 * object's) is still pending, so that key's rows leave in the order they were queued however
 * the retries of an outage fall.
 */
function noEarlierPending(table: OutboxTable, columns: readonly string[], pending: number): SQL {
  const name = getTableName(table);
  const same = sql.join(
    columns.map((column) => sql`earlier.${sql.identifier(column)} = ${outer(name, column)}`),
    sql` and `,
  );
  return sql`not exists (select 1 from ${table} earlier where ${same} and earlier.status = ${sql.raw(String(Math.trunc(pending)))} and earlier.seq < ${outer(name, 'seq')})`;
}

/**
 * Takes up to `limit` due rows of an outbox for this worker: pending, due, not leased by a
 * live worker, one at a time per key `inOrderPer` names, in queue order, each claim counted as
 * an attempt.
 */
export async function claimLeased<T extends OutboxTable>(db: Database, table: T, options: OutboxClaimOptions): Promise<T['$inferSelect'][]> {
  return (await claimLeasedStatement(db, table, options)) as T['$inferSelect'][];
}

type OutboxClaimOptions = { now: Date; limit: number; pending: number; inOrderPer?: readonly string[] };

/** claimLeased's statement, not run (claimStatement). */
export function claimLeasedStatement(db: Database, table: OutboxTable, options: OutboxClaimOptions) {
  // A row never tried is due at once. Its due time is the database's clock when it was queued
  // (to the microsecond), `now` the server's (to the millisecond, and perhaps behind the
  // database's): compared, a row queued in the claim's own millisecond, or while the server's
  // clock lags, waited for a later round. A retry's due time is written from the server's clock.
  const isDue = or(eq(table.attempts, 0), lte(table.nextAttemptAt, options.now));
  return claimStatement(db, table, {
    now: options.now,
    limit: options.limit,
    pending: options.pending,
    due: and(isDue, options.inOrderPer && noEarlierPending(table, options.inOrderPer, options.pending)),
    order: table.seq,
    set: { attempts: sql`${table.attempts} + 1` },
  });
}

/** What a failed attempt writes: back to pending after the backoff, or given up after MAX_ATTEMPTS. */
export function failedAttempt(row: { attempts: number }, now: Date, error: string, statuses: { pending: number; failed: number }) {
  return {
    status: row.attempts >= MAX_ATTEMPTS ? statuses.failed : statuses.pending,
    nextAttemptAt: new Date(now.getTime() + nextAttemptDelayMs(row.attempts)),
    lockedUntil: null,
    lastError: error.slice(0, 1000),
  };
}
