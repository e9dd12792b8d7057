import { and, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import { appObjects, appSyncs, appUsers, provisioningOutbox } from '../../db/schema/index.ts';
import { enqueueDeliveries, type Delivery, type DeliveryRow } from '../../platform/outbox/provisioning-queue.ts';
import type { ListedResource, ScimClient } from './scim-client.ts';

/**
 * The half of a "Sync" that takes out of the app what the portal does not hold. Re-sending
 * every user and group creates and updates; only reading the app's tenant finds the users and
 * groups it holds that the portal removed while the app could not hear it, or never had.
 *
 * A sync queues one sweep per resource type. The sweep lists the unit's tenant (paged) and
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

/**
 * The portal's ids (the app's external ids) of what it holds of the row's unit × service, all
 * of them or only `externalId`. Compared as text: an external id the app made up is not held.
 */
async function portalHeld(db: Queryable, row: DeliveryRow, resource: SweptResource, externalId?: string): Promise<Set<string>> {
  const rows =
    resource === 'Users'
      ? await db
          .select({ id: sql<string>`${appUsers.userId}::text` })
          .from(appUsers)
          .where(and(eq(appUsers.unitId, row.unitId!), eq(appUsers.serviceId, row.serviceId!), externalId === undefined ? undefined : sql`${appUsers.userId}::text = ${externalId}`))
      : await db
          .select({ id: sql<string>`${appObjects.id}::text` })
          .from(appObjects)
          .where(
            and(
              eq(appObjects.kind, 'group'),
              eq(appObjects.unitId, row.unitId!),
              eq(appObjects.serviceId, row.serviceId!),
              externalId === undefined ? undefined : sql`${appObjects.id}::text = ${externalId}`,
            ),
          );
  return new Set(rows.map((r) => r.id));
}

/** What the app holds that needs taking out: not the portal's, and for a user still active (an inactive one needs nothing, so a second sync sends nothing). */
async function straysOf(db: Queryable, row: DeliveryRow, resource: SweptResource, listed: readonly ListedResource[]): Promise<ListedResource[]> {
  const held = await portalHeld(db, row, resource);
  return listed.filter((r) => !(r.externalId && held.has(r.externalId)) && (resource === 'Groups' || r.active !== false));
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
  // The app is read before the portal: what it gains meanwhile comes from deliveries of what the portal holds.
  const listed = resource === 'Users' ? await scim.listUsers() : await scim.listGroups();
  const strays = await straysOf(db, row, resource, listed);
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
  if (stray.externalId && (await portalHeld(db, row, stray.resource, stray.externalId)).size > 0) return;
  if (stray.resource === 'Users') await scim.deactivateUserAt(stray.remoteId);
  else await scim.deleteGroupAt(stray.remoteId);
}
