import type { AppPushResult } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { services } from '../../db/schema/index.ts';
import { DELIVERY_STATUS, deliveryStates } from '../../platform/outbox/provisioning-queue.ts';

/** How long a push's reply waits for the apps' answers before saying what is still on its way. */
const ANSWER_WAIT_MS = 8000;
const LOOK_EVERY_MS = 150;

/**
 * Once committed, the worker is asked to deliver at once; the reply waits (bounded) until each
 * app has answered, then names the services whose app did not take it and why.
 */
export async function pushOutcome(ctx: AppContext, ids: readonly string[]): Promise<AppPushResult> {
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
