import { and, count, eq, sql } from 'drizzle-orm';
import type { AppSyncStatus } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { appObjects, appSyncs, appUsers, provisioningOutbox, users } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { withinScope, type Scope } from '../../platform/resource/scope.ts';
import { groupDelivery } from '../provisioning/changes.ts';
import { decodeFailure } from '../../platform/outbox/delivery-failure.ts';
import { DELIVERY_STATUS, enqueueDeliveries, queuedStateOf, refreshQueueStatistics, type Delivery } from '../../platform/outbox/provisioning-queue.ts';
import { sweepDeliveries, type StrayPayload } from '../provisioning/reconcile.ts';

/** How many failed objects a status names (the counts cover them all). */
const FAILURES_SHOWN = 100;

/** From this many rows queued at once, the queue's statistics are refreshed (refreshQueueStatistics). */
const MASS_ENQUEUE = 1000;

/**
 * "Sync" of one unit × service: every user and then every group is queued again, in the
 * caller's transaction, as one job. The worker sends each object as the portal holds it now
 * (PUT by external id: created when the app lacks it, updated otherwise, inactive when off or
 * locked); then the sweeps list the app's users and groups and take out those the portal does
 * not hold (provisioning/reconcile.ts), so the app ends up matching the portal. The job lives
 * in the durable, leased outbox: any instance delivers it, and one that dies mid-way leaves
 * the rest to the others. Its total grows by what the sweeps find. The users are queued by one
 * `insert … select`: a tenant of any size is never read into the server's memory.
 */
export async function startSync(tx: Transaction, clock: Clock, job: { unitId: string; serviceId: string; startedBy: string }) {
  const [sync] = await tx.insert(appSyncs).values({ ...job, total: 0, createdAt: clock.now() }).returning({ id: appSyncs.id });
  const syncId = sync!.id;
  const members = and(eq(appUsers.unitId, job.unitId), eq(appUsers.serviceId, job.serviceId));
  const { status, lastError } = await queuedStateOf(tx, job.unitId, job.serviceId);
  // Users first: the groups list their members by the ids the app gives the users. Each row is userDelivery's.
  await tx.execute(sql`
    insert into ${provisioningOutbox} (unit_id, service_id, object_type, object_id, payload, status, last_error, sync_id)
    select ${appUsers.unitId}, ${appUsers.serviceId}, 'user', ${appUsers.id}::text,
      jsonb_build_object('userId', ${appUsers.userId}, 'remoteId', ${appUsers.remoteId}), ${status}, ${lastError}, ${syncId}
    from ${appUsers} where ${members}`);
  const [memberCount] = await tx.select({ n: count() }).from(appUsers).where(members);
  const groups = await tx
    .select()
    .from(appObjects)
    .where(and(eq(appObjects.kind, 'group'), eq(appObjects.unitId, job.unitId), eq(appObjects.serviceId, job.serviceId)));
  const deliveries: Delivery[] = [...groups.map(groupDelivery), ...sweepDeliveries({ ...job, syncId })].map((delivery) => ({ ...delivery, syncId }));
  await enqueueDeliveries(tx, deliveries);
  const queued = memberCount!.n + deliveries.length;
  if (queued >= MASS_ENQUEUE) await refreshQueueStatistics(tx);
  await tx.update(appSyncs).set({ total: queued }).where(eq(appSyncs.id, syncId));
  return { syncId, queued };
}

/** Where a sync stands, counted from its deliveries; undefined outside the caller's scope. */
export async function syncStatus(db: Queryable, syncId: string, scope: Scope): Promise<AppSyncStatus | undefined> {
  const [sync] = await db
    .select()
    .from(appSyncs)
    .where(and(eq(appSyncs.id, syncId), withinScope(appSyncs.unitId, scope)));
  if (!sync) return undefined;
  const [counts] = await db
    .select({
      delivered: sql<number>`count(*) filter (where ${provisioningOutbox.status} = ${DELIVERY_STATUS.delivered})::int`,
      pending: sql<number>`count(*) filter (where ${provisioningOutbox.status} = ${DELIVERY_STATUS.pending})::int`,
      retrying: sql<number>`count(*) filter (where ${provisioningOutbox.status} = ${DELIVERY_STATUS.pending} and ${provisioningOutbox.lastError} is not null)::int`,
      failed: sql<number>`count(*) filter (where ${provisioningOutbox.status} = ${DELIVERY_STATUS.failed})::int`,
    })
    .from(provisioningOutbox)
    .where(eq(provisioningOutbox.syncId, syncId));
  const failures = counts!.failed === 0 ? [] : await failuresOf(db, syncId);
  return {
    syncId,
    unitId: sync.unitId,
    serviceId: sync.serviceId,
    total: sync.total,
    ...counts!,
    done: counts!.pending === 0,
    failures,
  };
}

/** How a failed delivery of a sync is shown: the portal's user or group, one the app held that the portal does not, or a listing of the app. */
function failureOf(row: { objectType: string; error: string | null; username: string | null; groupName: string | null; objectId: string; payload: unknown }): AppSyncStatus['failures'][number] {
  const error = decodeFailure(row.error) ?? { reason: 'failed' as const, status: null, detail: null };
  if (row.objectType === 'sweep') return { objectType: (row.payload as { resource: string }).resource === 'Users' ? 'userList' : 'groupList', name: '', error };
  if (row.objectType === 'stray') {
    const stray = row.payload as StrayPayload;
    return { objectType: stray.resource === 'Users' ? 'user' : 'group', name: stray.name, error };
  }
  return { objectType: row.objectType === 'group' ? 'group' : 'user', name: row.username ?? row.groupName ?? row.objectId, error };
}

/** The failed objects of a sync by name (the user's account, the group's name), with the last error. */
async function failuresOf(db: Queryable, syncId: string): Promise<AppSyncStatus['failures']> {
  const rows = await db
    .select({
      objectType: provisioningOutbox.objectType,
      error: provisioningOutbox.lastError,
      username: users.username,
      groupName: appObjects.name,
      objectId: provisioningOutbox.objectId,
      payload: provisioningOutbox.payload,
    })
    .from(provisioningOutbox)
    .leftJoin(appUsers, and(eq(provisioningOutbox.objectType, 'user'), eq(sql`${appUsers.id}::text`, provisioningOutbox.objectId)))
    .leftJoin(users, eq(users.id, appUsers.userId))
    .leftJoin(appObjects, and(eq(provisioningOutbox.objectType, 'group'), eq(sql`${appObjects.id}::text`, provisioningOutbox.objectId)))
    .where(and(eq(provisioningOutbox.syncId, syncId), eq(provisioningOutbox.status, DELIVERY_STATUS.failed)))
    .orderBy(provisioningOutbox.seq)
    .limit(FAILURES_SHOWN);
  return rows.map(failureOf);
}
