import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import { releaseLeases } from '../../platform/outbox/lease.ts';
import { provisioningOutbox } from '../../db/schema/index.ts';
import { startQueueWorker, type QueueWorker } from '../../platform/outbox/queue-worker.ts';
import { deliver, type DeliveryDeps } from './deliver.ts';
import { encodeFailure } from '../../platform/outbox/delivery-failure.ts';
import { failureOf } from './delivery-failure.ts';
import { isRefusal } from './scim-client.ts';
import { claimDueDeliveries, markDelivered, markFailedDelivery, pendingOfObject, type DeliveryRow } from '../../platform/outbox/provisioning-queue.ts';

/** Polls often: a change should reach the app in about a second when it is up. */
const POLL_MS = 1000;

/**
 * Delivers the provisioning queue to the service apps (SCIM) and their back-channel logout
 * endpoints. Every instance runs one; leases keep each row with one worker at a time.
 */
export function startProvisioningWorker(deps: DeliveryDeps & { clock: Clock; log: FastifyBaseLogger; pollMs?: number }): QueueWorker {
  async function deliverRow(row: DeliveryRow): Promise<void> {
    // Read before the object is: every change queued so far is answered by what is sent now.
    const answered = await pendingOfObject(deps.db, row);
    try {
      await deliver(deps, row);
      await markDelivered(deps.db, answered.includes(row.id) ? answered : [...answered, row.id]);
    } catch (error) {
      const failure = failureOf(error);
      // Without an integration (switched off since), at an address the portal does not call, or
      // refused by the app, no retry can succeed: it waits as failed, with the reason, for the
      // object's next change or a sync.
      const final = failure.reason === 'not_configured' || failure.reason === 'address_refused' || isRefusal(error);
      deps.log.warn({ err: error, deliveryId: row.id, objectType: row.objectType, attempts: row.attempts }, final ? 'provisioning delivery refused' : 'provisioning delivery failed; will retry');
      await markFailedDelivery(deps.db, deps.clock, final ? { ...row, attempts: Number.MAX_SAFE_INTEGER } : row, encodeFailure(failure));
    }
  }

  return startQueueWorker({
    name: 'provisioning',
    claim: (limit) => claimDueDeliveries(deps.db, deps.clock, limit),
    deliver: deliverRow,
    release: (rows) => releaseLeases(deps.db, provisioningOutbox, rows.map((row) => row.id)),
    log: deps.log,
    pollMs: deps.pollMs ?? POLL_MS,
  });
}
