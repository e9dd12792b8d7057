import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { leaseRelease } from '../../platform/outbox/lease.ts';
import { provisioningOutbox } from '../../db/schema/index.ts';
import { startQueueWorker, type QueueWorker } from '../../platform/outbox/queue-worker.ts';
import { deliver, type DeliveryDeps } from './deliver.ts';
import { encodeFailure } from '../../platform/outbox/delivery-failure.ts';
import { failureOf } from './delivery-failure.ts';
import { isRefusal } from './scim-client.ts';
import { deliverUserBatch } from './user-batch.ts';
import { bundlesOf, USERS_PER_BUNDLE } from './bundles.ts';
import {
  claimDueDeliveries,
  markDelivered,
  markFailedDeliveries,
  pendingOfObject,
  pendingOfObjects,
  type DeliveryRow,
} from '../../platform/outbox/provisioning-queue.ts';
import type { BulkSupport } from './scim-bulk.ts';

/** Polls often: a change should reach the app in about a second when it is up. */
const POLL_MS = 1000;

/**
 * Delivers the provisioning queue to the service apps (SCIM) and their back-channel logout
 * endpoints. Every instance runs one; leases keep each row with one worker at a time.
 */
export function startProvisioningWorker(base: DeliveryDeps & { clock: Clock; log: FastifyBaseLogger; pollMs?: number; concurrency?: number }): QueueWorker {
  // Each claimed batch opens each app's integration once; a change of it applies from the next batch.
  // What the apps say of Bulk is kept longer (SERVICE_CONFIG_TTL_MS).
  const deps = { ...base, connections: new Map(), bulkSupport: base.bulkSupport ?? (new Map() as BulkSupport) };
  const concurrency = Math.max(1, deps.concurrency ?? 1);

  /** Records the rows' failure alike: retried after the backoff, or failed at once when no retry can succeed. */
  async function failed(rows: readonly DeliveryRow[], error: unknown): Promise<void> {
    const failure = failureOf(error);
    // Without an integration (switched off since), at an address the portal does not call, or
    // refused by the app, no retry can succeed: it waits as failed, with the reason, for the
    // object's next change or a sync.
    const final = failure.reason === 'not_configured' || failure.reason === 'address_refused' || isRefusal(error);
    const first = rows[0]!;
    deps.log.warn(
      { err: error, deliveryId: first.id, deliveries: rows.length, objectType: first.objectType, attempts: first.attempts },
      final ? 'provisioning delivery refused' : 'provisioning delivery failed; will retry',
    );
    const marked = final ? rows.map((row) => ({ id: row.id, attempts: Number.MAX_SAFE_INTEGER })) : rows;
    await markFailedDeliveries(deps.db, deps.clock, marked, encodeFailure(failure));
  }

  async function deliverRow(row: DeliveryRow): Promise<void> {
    // Read before the object is: every change queued so far is answered by what is sent now.
    const answered = await pendingOfObject(deps.db, row);
    try {
      await deliver(deps, row);
      await markDelivered(deps.db, deps.clock, answered.includes(row.id) ? answered : [...answered, row.id]);
    } catch (error) {
      await failed([row], error);
    }
  }

  /** Users of one app together (user-batch.ts); answers the rows not begun. */
  async function deliverUsers(rows: DeliveryRow[], mayStart: () => boolean): Promise<DeliveryRow[]> {
    // As for one row: read before the users are, each user's pending rows are answered by what is sent.
    const answered = await pendingOfObjects(
      deps.db,
      'user',
      rows.map((row) => row.objectId),
    );
    const outcomes = await deliverUserBatch(deps, rows, mayStart).catch((error: unknown) => new Map(rows.map((row) => [row.id, { ok: false as const, error }])));
    const done = rows.filter((row) => outcomes.get(row.id)?.ok === true);
    await markDelivered(
      deps.db,
      deps.clock,
      done.flatMap((row) => [...new Set([row.id, ...(answered.get(row.objectId) ?? [])])]),
    );
    const failures = new Map<unknown, DeliveryRow[]>();
    for (const row of rows) {
      const outcome = outcomes.get(row.id);
      if (outcome?.ok === false) failures.set(outcome.error, [...(failures.get(outcome.error) ?? []), row]);
    }
    for (const [error, alike] of failures) await failed(alike, error);
    return rows.filter((row) => !outcomes.has(row.id));
  }

  return startQueueWorker<DeliveryRow>({
    name: 'provisioning',
    claim: (limit) => {
      deps.connections.clear();
      return claimDueDeliveries(deps.db, deps.clock, limit);
    },
    // Enough rows for every lane to take a full bundle of users (a Sync's).
    batch: concurrency * USERS_PER_BUNDLE,
    bundle: (batch) => bundlesOf(batch, concurrency),
    deliver: deliverRow,
    deliverBundle: async (rows, mayStart) => {
      if (rows[0]!.objectType === 'user') return deliverUsers(rows, mayStart);
      for (const [index, row] of rows.entries()) {
        if (!mayStart()) return rows.slice(index);
        await deliverRow(row);
      }
      return [];
    },
    release: leaseRelease(deps.db, provisioningOutbox),
    log: deps.log,
    pollMs: deps.pollMs ?? POLL_MS,
    // Several bundles at once (SYNC_CONCURRENCY): a Sync goes at the app's speed, not one round trip at a time.
    concurrency,
  });
}
