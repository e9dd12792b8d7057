import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import { appObjects, appSyncs, appUsers, provisioningOutbox } from '../../db/schema/index.ts';
import { enqueueDeliveries, type Delivery, type DeliveryRow } from '../../platform/outbox/provisioning-queue.ts';
import type { ListedResource, ScimClient } from './scim-client.ts';

/**
 * The half of a "Sync" that takes out of the app what the portal does not hold. Re-sending
 * every user and group creates and updates; only reading the app's tenant finds the users and
 * groups it holds that the portal removed while the app could not hear it, or never had.
 *
 * A sync queues one sweep per resource type. The sweep reads the unit's tenant a page at a time,
 * compares each page with what the portal holds of it (never the whole tenant in memory), and
 * queues, in the same sync, one "stray" delivery per resource the portal does not hold: a user
 * is deactivated (PATCH active=false; never deleted, their records in the app stay theirs), a
 * group deleted, as when the portal removes them. Each stray is its own delivery so that the
 * sync's progress counts it and one the app refuses is named among the failures.
 */

export type SweptResource = 'Users' | 'Groups';
const SWEPT: readonly SweptResource[] = ['Users', 'Groups'];

interface SweepPayload {
  resource: SweptResource;
}

export interface StrayPayload {
  resource: SweptResource;
  /** The app's id of it. */
  remoteId: string;
  externalId: string | null;
  /** What the sync's failures call it: the app's userName or displayName. */
  name: string;
}

export const sweepDeliveries = (job: { unitId: string; serviceId: string; syncId: string }): Delivery[] =>
  SWEPT.map((resource) => ({
    unitId: job.unitId,
    serviceId: job.serviceId,
    objectType: 'sweep',
    // One object per unit × service × type: two syncs' sweeps run one after the other.
    objectId: `${job.unitId}/${job.serviceId}/${resource}`,
    payload: { resource } satisfies SweepPayload,
    syncId: job.syncId,
  }));

/** The portal's ids are UUIDs; an external id the app made up is not one of them. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Which of `externalIds` (the app's external ids, the portal's ids of a page) the portal holds
 * in the row's unit × service. Compared as UUIDs, by the index of each table (a user's
 * membership of the service, a group's id), so a page costs as many index probes as it has
 * rows whatever the tenant's size; the unit is checked on the rows found.
 */
async function portalHeld(db: Queryable, row: DeliveryRow, resource: SweptResource, externalIds: readonly string[]): Promise<Set<string>> {
  const wanted = new Set(externalIds.filter((id) => UUID.test(id)));
  if (wanted.size === 0) return new Set();
  const ids = [...wanted];
  const rows =
    resource === 'Users'
      ? await db
          .select({ id: appUsers.userId, unitId: appUsers.unitId })
          .from(appUsers)
          .where(and(eq(appUsers.serviceId, row.serviceId!), inArray(appUsers.userId, ids)))
      : await db
          .select({ id: appObjects.id, unitId: appObjects.unitId })
          .from(appObjects)
          .where(and(inArray(appObjects.id, ids), eq(appObjects.kind, 'group'), eq(appObjects.serviceId, row.serviceId!)));
  // As text, as the app wrote it: an id in capitals is not the portal's.
  return new Set(rows.filter((held) => held.unitId === row.unitId && wanted.has(held.id)).map((held) => held.id));
}

/** What of a page needs taking out: not the portal's, and for a user still active (an inactive one needs nothing, so a second sync sends nothing). */
async function straysOf(db: Queryable, row: DeliveryRow, resource: SweptResource, page: readonly ListedResource[]): Promise<ListedResource[]> {
  const held = await portalHeld(db, row, resource, page.flatMap((r) => (r.externalId ? [r.externalId] : [])));
  return page.filter((r) => !(r.externalId && held.has(r.externalId)) && (resource === 'Groups' || r.active !== false));
}

const strayDelivery = (sweep: DeliveryRow, resource: SweptResource, stray: ListedResource): Delivery => ({
  unitId: sweep.unitId,
  serviceId: sweep.serviceId,
  objectType: 'stray',
  objectId: `${sweep.unitId}/${sweep.serviceId}/${resource}/${stray.id}`,
  payload: { resource, remoteId: stray.id, externalId: stray.externalId ?? null, name: stray.userName ?? stray.displayName ?? stray.id } satisfies StrayPayload,
  syncId: sweep.syncId ?? undefined,
});

export async function deliverSweep(db: Database, scim: ScimClient, row: DeliveryRow): Promise<void> {
  const { resource } = row.payload as unknown as SweepPayload;
  // Each page is read before the portal: what the app gains meanwhile comes from deliveries of
  // what the portal holds. Only the strays are kept (what must be taken out, not the tenant);
  // they are queued once the listing is done, so that deleting them cannot shift its pages.
  const strays: ListedResource[] = [];
  for await (const page of resource === 'Users' ? scim.userPages() : scim.groupPages()) strays.push(...(await straysOf(db, row, resource, page)));
  await db.transaction(async (tx) => {
    // The sync's row lock serialises its two sweeps' counting; a sweep run again (its instance
    // died before marking it delivered) queues nothing twice.
    if (row.syncId) await tx.select({ id: appSyncs.id }).from(appSyncs).where(eq(appSyncs.id, row.syncId)).for('update');
    const queued = row.syncId
      ? await tx
          .select({ objectId: provisioningOutbox.objectId })
          .from(provisioningOutbox)
          .where(and(eq(provisioningOutbox.syncId, row.syncId), eq(provisioningOutbox.objectType, 'stray')))
      : [];
    const already = new Set(queued.map((q) => q.objectId));
    const fresh = strays.map((stray) => strayDelivery(row, resource, stray)).filter((delivery) => !already.has(delivery.objectId));
    await enqueueDeliveries(tx, fresh);
    if (row.syncId && fresh.length > 0) await tx.update(appSyncs).set({ total: sql`${appSyncs.total} + ${fresh.length}` }).where(eq(appSyncs.id, row.syncId));
  });
}

export async function deliverStray(db: Database, scim: ScimClient, row: DeliveryRow): Promise<void> {
  const stray = row.payload as unknown as StrayPayload;
  // Taken into the portal since the sweep: the object's own delivery says what the app holds.
  if (stray.externalId && (await portalHeld(db, row, stray.resource, [stray.externalId])).size > 0) return;
  if (stray.resource === 'Users') await scim.deactivateUserAt(stray.remoteId);
  else await scim.deleteGroupAt(stray.remoteId);
}
