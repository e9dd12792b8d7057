import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { integrations, provisioningOutbox } from '../../db/schema/index.ts';
import { claimLeasedStatement, failedAttempt } from './lease.ts';
import { encodeFailure, NOT_CONFIGURED } from './delivery-failure.ts';

/** pending → delivered; failed: given up after MAX_ATTEMPTS, the last error says why. */
export const DELIVERY_STATUS = { pending: 0, delivered: 1, failed: 2 } as const;

export type DeliveryRow = typeof provisioningOutbox.$inferSelect;
export type ObjectType = DeliveryRow['objectType'];

export interface Delivery {
  unitId: string | null;
  serviceId: string | null;
  objectType: ObjectType;
  objectId: string;
  payload?: Record<string, unknown>;
  /** The "Sync" job that queued it. */
  syncId?: string;
}


/** The (unit, service) pairs among `deliveries` whose app the portal can reach (an enabled SCIM integration). */
async function reachable(db: Queryable, deliveries: readonly Delivery[]): Promise<Set<string>> {
  const serviceIds = [...new Set(deliveries.flatMap((d) => (d.serviceId ? [d.serviceId] : [])))];
  if (serviceIds.length === 0) return new Set();
  const rows = await db
    .select({ serviceId: integrations.serviceId, unitId: integrations.unitId, enabled: integrations.enabled, endpoint: integrations.scimEndpoint })
    .from(integrations)
    .where(inArray(integrations.serviceId, serviceIds));
  const pairs = new Set<string>();
  for (const d of deliveries) {
    if (!d.serviceId || !d.unitId) continue;
    const own = rows.find((row) => row.serviceId === d.serviceId && row.unitId === d.unitId);
    const applies = own ?? rows.find((row) => row.serviceId === d.serviceId && row.unitId === null);
    if (applies?.enabled && applies.endpoint) pairs.add(`${d.unitId}/${d.serviceId}`);
  }
  return pairs;
}

/** How a delivery is queued: pending, or failed at once with the reason when its app cannot be reached. */
const queuedState = (ready: boolean) => ({ status: ready ? DELIVERY_STATUS.pending : DELIVERY_STATUS.failed, lastError: ready ? null : encodeFailure(NOT_CONFIGURED) });

/** How deliveries to one unit × service are queued now (enqueueDeliveries' rule), for a caller that writes many rows in one statement. */
export async function queuedStateOf(db: Queryable, unitId: string, serviceId: string) {
  const open = await reachable(db, [{ unitId, serviceId, objectType: 'user', objectId: '' }]);
  return queuedState(open.has(`${unitId}/${serviceId}`));
}

/**
 * Queues deliveries in the caller's transaction: the app hears of a change only if it commits.
 * A change for an app the portal cannot reach (no integration) is recorded as failed with the
 * reason, at once, instead of being retried; a sync delivers it once the integration exists.
 */
export async function enqueueDeliveries(db: Queryable, deliveries: readonly Delivery[]): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const open = await reachable(db, deliveries);
  const rows = deliveries.map((d) => ({ ...d, payload: d.payload ?? null, ...queuedState(d.objectType === 'logout' || open.has(`${d.unitId}/${d.serviceId}`)) }));
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += 1000) {
    const inserted = await db.insert(provisioningOutbox).values(rows.slice(start, start + 1000)).returning({ id: provisioningOutbox.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/**
 * Brings the planner's picture of the queue up to date after a mass enqueue (a Sync's
 * thousands of rows). PGlite runs no autovacuum, so without this its planner never learns that
 * the queue holds more than a handful of pending rows and picks plans that read them all for
 * each claim and each bundle; PostgreSQL's autovacuum would learn it only a minute later.
 * Runs in the caller's transaction, which counts its own rows.
 */
export async function refreshQueueStatistics(db: Queryable): Promise<void> {
  await db.execute(sql`analyze ${provisioningOutbox}`);
}

/** How a delivery stands: pending (perhaps after failed attempts, with the last error), delivered or failed. */
export async function deliveryStates(db: Queryable, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: provisioningOutbox.id, serviceId: provisioningOutbox.serviceId, status: provisioningOutbox.status, lastError: provisioningOutbox.lastError })
    .from(provisioningOutbox)
    .where(inArray(provisioningOutbox.id, [...ids]));
}

/**
 * Takes due deliveries for this worker: only the oldest pending row of each object, so one
 * object's changes reach the app in order (a row waiting for its retry holds back the later
 * ones of its object, and no other).
 */
export async function claimDueDeliveries(db: Database, clock: Clock, limit: number): Promise<DeliveryRow[]> {
  return (await dueDeliveriesClaim(db, clock, limit)) as DeliveryRow[];
}

/** claimDueDeliveries' statement, not run (its plan is tested: claim-plan.test.ts). */
export function dueDeliveriesClaim(db: Database, clock: Clock, limit: number) {
  return claimLeasedStatement(db, provisioningOutbox, { now: clock.now(), limit, pending: DELIVERY_STATUS.pending, inOrderPer: ['object_type', 'object_id'] });
}

/**
 * The pending rows of the same object up to now: delivering the object as it is now answers
 * all of them, so a burst of changes made while the app was down arrives as one update.
 */
export async function pendingOfObject(db: Queryable, row: DeliveryRow): Promise<string[]> {
  return (await pendingOfObjects(db, row.objectType, [row.objectId])).get(row.objectId) ?? [];
}

/** pendingOfObject for many objects of one type in one query: each object's pending rows by its id. */
export async function pendingOfObjects(db: Queryable, objectType: ObjectType, objectIds: readonly string[]): Promise<Map<string, string[]>> {
  const byObject = new Map<string, string[]>();
  if (objectIds.length === 0) return byObject;
  const rows = await db
    .select({ id: provisioningOutbox.id, objectId: provisioningOutbox.objectId })
    .from(provisioningOutbox)
    .where(
      and(
        eq(provisioningOutbox.objectType, objectType),
        inArray(provisioningOutbox.objectId, [...objectIds]),
        eq(provisioningOutbox.status, DELIVERY_STATUS.pending),
      ),
    );
  for (const row of rows) {
    const ids = byObject.get(row.objectId);
    if (ids) ids.push(row.id);
    else byObject.set(row.objectId, [row.id]);
  }
  return byObject;
}

export async function markDelivered(db: Queryable, clock: Clock, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(provisioningOutbox)
    .set({ status: DELIVERY_STATUS.delivered, deliveredAt: clock.now(), lockedUntil: null, lastError: null })
    .where(inArray(provisioningOutbox.id, [...ids]));
}

/** Failed attempts of rows that failed alike (the same error after as many attempts): one statement for them all, as a batch sent together fails. */
export async function markFailedDeliveries(db: Queryable, clock: Clock, rows: readonly Pick<DeliveryRow, 'id' | 'attempts'>[], error: string): Promise<void> {
  const now = clock.now();
  const byAttempts = Map.groupBy(rows, (row) => row.attempts);
  for (const [attempts, alike] of byAttempts) {
    await db
      .update(provisioningOutbox)
      .set(failedAttempt({ attempts }, now, error, DELIVERY_STATUS))
      .where(inArray(provisioningOutbox.id, alike.map((row) => row.id)));
  }
}
