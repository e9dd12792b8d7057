import { eq } from 'drizzle-orm';
import type { PackageSyncResult } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Transaction } from '../../db/client.ts';
import { packageServices, services } from '../../db/schema/index.ts';
import { DELIVERY_STATUS, deliveryStates, enqueueDeliveries } from '../provisioning/queue.ts';

/** How long the sync's reply waits for the apps' answers before saying what is still on its way. */
const ANSWER_WAIT_MS = 8000;
const LOOK_EVERY_MS = 150;

/** Queues, in the caller's transaction, what a unit holds of a pack for the app of each service in it. */
export async function queuePackageSync(tx: Transaction, unitPackage: { id: string; unitId: string; packageId: string }): Promise<string[]> {
  const held = await tx.select({ serviceId: packageServices.serviceId }).from(packageServices).where(eq(packageServices.packageId, unitPackage.packageId));
  return enqueueDeliveries(
    tx,
    held.map(({ serviceId }) => ({
      unitId: unitPackage.unitId,
      serviceId,
      objectType: 'subscription' as const,
      objectId: `${unitPackage.id}:${serviceId}`,
      payload: { unitPackageId: unitPackage.id },
    })),
  );
}

/**
 * Once committed, the worker is asked to deliver at once; the reply waits (bounded) until each
 * app has answered, then names the services whose app did not take it and why.
 */
export async function packageSyncOutcome(ctx: AppContext, ids: readonly string[]): Promise<PackageSyncResult> {
  ctx.kickProvisioning();
  // A time-out, not a business time.
  const until = performance.now() + ANSWER_WAIT_MS;
  let states = await deliveryStates(ctx.db, ids);
  while (states.some((state) => state.status === DELIVERY_STATUS.pending && !state.lastError) && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
    states = await deliveryStates(ctx.db, ids);
  }
  const names = new Map((await ctx.db.select({ id: services.id, name: services.name }).from(services)).map((service) => [service.id, service.name]));
  return {
    queued: ids.length,
    delivered: states.filter((state) => state.status === DELIVERY_STATUS.delivered).length,
    failures: states
      .filter((state) => state.status !== DELIVERY_STATUS.delivered && state.lastError)
      .map((state) => ({ serviceName: names.get(state.serviceId!) ?? '', error: state.lastError! })),
  };
}
