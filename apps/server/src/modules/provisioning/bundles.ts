import type { DeliveryRow } from '../../platform/outbox/provisioning-queue.ts';

/**
 * How a claimed batch of the provisioning queue is shared among the worker's lanes: the users
 * of one unit × service go together (user-batch.ts: one lookup, one Bulk request or a run of
 * requests), every other row on its own. The claim gives one row per object, so rows bundled
 * together never overtake one another.
 */

/** The most users delivered together: one lookup of theirs is a few requests, their Bulk a few hundred kilobytes. */
export const USERS_PER_BUNDLE = 100;

/**
 * Bundles in claim order. A few users are spread over the lanes (a bundle of them is sent in
 * turn when the app has no Bulk), many go USERS_PER_BUNDLE at a time.
 */
export function bundlesOf(batch: readonly DeliveryRow[], lanes: number): DeliveryRow[][] {
  const usersByApp = new Map<string, DeliveryRow[]>();
  const bundles: DeliveryRow[][] = [];
  for (const row of batch) {
    if (row.objectType !== 'user' || !row.unitId || !row.serviceId) {
      bundles.push([row]);
      continue;
    }
    const key = `${row.unitId}/${row.serviceId}`;
    const users = usersByApp.get(key);
    if (users) users.push(row);
    else {
      const first = [row];
      usersByApp.set(key, first);
      // The app's users take the place of its first among the bundles.
      bundles.push(first);
    }
  }
  return bundles.flatMap((bundle) => {
    if (bundle[0]!.objectType !== 'user' || bundle.length === 1) return [bundle];
    const size = Math.min(USERS_PER_BUNDLE, Math.ceil(bundle.length / lanes));
    return Array.from({ length: Math.ceil(bundle.length / size) }, (_, at) => bundle.slice(at * size, (at + 1) * size));
  });
}
