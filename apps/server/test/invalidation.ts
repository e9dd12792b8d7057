import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../src/db/client.ts';
import { INVALIDATION_CHANNEL, type Invalidation } from '../src/platform/cache/invalidation.ts';

/** Far past the architecture's "within a second": only so that a lost notification fails with a reason. */
const GUARD_MS = 30_000;

/**
 * Resolves once `invalidation` (an instance's listener) has heard every change committed before
 * the call: a marker notified after them reaches the listener after them, as PostgreSQL delivers
 * notifications in commit order. The server's own barrier gives up after a second; a test waits
 * for the marker, so what it asserts next is the mechanism, not how fast the machine is.
 */
export async function heardEverything(invalidation: Invalidation, db: Queryable): Promise<void> {
  const marker = `test-marker:${randomUUID()}`;
  let stop = () => {};
  const heard = new Promise<void>((resolve) => {
    stop = invalidation.subscribe((topic) => topic === marker && resolve());
  });
  let guard: NodeJS.Timeout | undefined;
  const lost = new Promise<never>((_, reject) => {
    guard = setTimeout(() => reject(new Error(`the instance did not hear a change within ${GUARD_MS} ms`)), GUARD_MS);
  });
  try {
    await db.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${marker})`);
    await Promise.race([heard, lost]);
  } finally {
    clearTimeout(guard);
    stop();
  }
}
