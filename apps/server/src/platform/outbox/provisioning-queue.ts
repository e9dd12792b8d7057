import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { integrations, provisioningOutbox } from '../../db/schema/index.ts';
import { claimLeased, failedAttempt } from './lease.ts';

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

/** Why a delivery waits as failed without being tried. */
export const NOT_CONFIGURED = 'The service has no enabled SCIM integration; sync after configuring it';

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

/**
 * Queues deliveries in the caller's transaction: the app hears of a change only if it commits.
 * A change for an app the portal cannot reach (no integration) is recorded as failed with the
 * reason, at once, instead of being retried; a sync delivers it once the integration exists.
 */
export async function enqueueDeliveries(db: Queryable, deliveries: readonly Delivery[]): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const open = await reachable(db, deliveries);
  const rows = deliveries.map((d) => {
    const ready = d.objectType === 'logout' || open.has(`${d.unitId}/${d.serviceId}`);
    return { ...d, payload: d.payload ?? null, status: ready ? DELIVERY_STATUS.pending : DELIVERY_STATUS.failed, lastError: ready ? null : NOT_CONFIGURED };
  });
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += 1000) {
    const inserted = await db.insert(provisioningOutbox).values(rows.slice(start, start + 1000)).returning({ id: provisioningOutbox.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
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
  return claimLeased(db, provisioningOutbox, {
    now: clock.now(),
    limit,
    pending: DELIVERY_STATUS.pending,
    inOrderPer: ['object_type', 'object_id'],
  });
}

/**
 * The pending rows of the same object up to now: delivering the object as it is now answers
 * all of them, so a burst of changes made while the app was down arrives as one update.
 */
export async function pendingOfObject(db: Queryable, row: DeliveryRow): Promise<string[]> {
  const rows = await db
    .select({ id: provisioningOutbox.id })
    .from(provisioningOutbox)
    .where(
      and(
        eq(provisioningOutbox.objectType, row.objectType),
        eq(provisioningOutbox.objectId, row.objectId),
        eq(provisioningOutbox.status, DELIVERY_STATUS.pending),
      ),
    );
  return rows.map((r) => r.id);
}

export async function markDelivered(db: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(provisioningOutbox)
    .set({ status: DELIVERY_STATUS.delivered, deliveredAt: new Date(), lockedUntil: null, lastError: null })
    .where(inArray(provisioningOutbox.id, [...ids]));
}

export async function markFailedDelivery(db: Queryable, clock: Clock, row: DeliveryRow, error: string): Promise<void> {
  await db.update(provisioningOutbox).set(failedAttempt(row, clock.now(), error, DELIVERY_STATUS)).where(eq(provisioningOutbox.id, row.id));
}
