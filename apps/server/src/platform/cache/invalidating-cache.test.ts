import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, disposableDatabases } from '../../../test/databases.ts';
import { eventually } from '../../../test/eventually.ts';
import { heardEverything } from '../../../test/invalidation.ts';
import { prepareDatabase } from '../../bootstrap/index.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { rolePermissions, users } from '../../db/schema/index.ts';
import { InvalidatingCache } from './invalidating-cache.ts';
import { accountOf, startInvalidation, type Invalidation } from './invalidation.ts';

const databases = disposableDatabases();
const closing: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (closing.length) await closing.pop()!();
  await databases.cleanup();
});

async function setUp(kind: (typeof DATABASE_KINDS)[number]) {
  const { open } = await databases.create(kind);
  const handle = await open();
  await prepareDatabase(handle, loadConfig({ PORTAL_ADMIN_PASSWORD: 'Test#Admin2026' }));
  const [admin] = await handle.db.select({ id: users.id }).from(users);
  return { handle, open, adminId: admin!.id };
}

/** A cache of one account's status, counting its loads from the database. */
function statusCache(handle: DatabaseHandle, invalidation: Invalidation) {
  let loads = 0;
  const cache = new InvalidatingCache<string, number>(invalidation, { keyOf: accountOf, ttlMs: 60_000, max: 100 });
  closing.push(() => cache.close());
  return {
    get loads() {
      return loads;
    },
    status: (id: string) =>
      cache.get(id, async () => {
        loads += 1;
        const [row] = await handle.db.select({ status: users.status }).from(users).where(eq(users.id, id));
        return row!.status;
      }),
  };
}

describe.each(DATABASE_KINDS)('caches invalidated by committed changes, on %s', (kind) => {
  it('answers from memory until the account changes, then reads it again', async () => {
    const { handle, adminId } = await setUp(kind);
    const invalidation = await startInvalidation(handle);
    closing.push(() => invalidation.close());
    const cache = statusCache(handle, invalidation);

    expect(await cache.status(adminId)).toBe(1);
    expect(await cache.status(adminId)).toBe(1);
    expect(cache.loads).toBe(1);

    // Once the change's notification is heard, the cache reads the account again.
    await handle.db.update(users).set({ status: 5 }).where(eq(users.id, adminId));
    await heardEverything(invalidation, handle.db);
    expect(await cache.status(adminId)).toBe(5);
    expect(cache.loads).toBe(2);

    // A permission change concerns every account: everything is forgotten.
    await handle.db.delete(rolePermissions).where(sql`false`);
    await heardEverything(invalidation, handle.db);
    await cache.status(adminId);
    expect(cache.loads).toBe(3);
  });
});

describe.runIf(DATABASE_KINDS.includes('postgres'))('caches across instances on PostgreSQL', () => {
  it("hears another instance's change, and answers nothing from memory while it cannot listen", async () => {
    const { handle, open, adminId } = await setUp('postgres');
    const other = await open();
    const invalidation = await startInvalidation(handle);
    closing.push(() => invalidation.close());
    const cache = statusCache(handle, invalidation);
    await cache.status(adminId);

    // The change another instance commits reaches this one's listener, which forgets the account.
    await other.db.update(users).set({ status: 5 }).where(eq(users.id, adminId));
    await heardEverything(invalidation, other.db);
    expect(await cache.status(adminId)).toBe(5);

    // The listening connection is cut (as by a database restart): no answer from memory until it is back.
    await other.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`);
    await eventually(() => invalidation.trusted, (trusted) => !trusted, 'the lost connection noticed');
    const before = cache.loads;
    await cache.status(adminId);
    await cache.status(adminId);
    expect(cache.loads).toBe(before + 2);
    await eventually(() => invalidation.trusted, (trusted) => trusted, 'listening again');
    await other.db.update(users).set({ status: 1 }).where(eq(users.id, adminId));
    await heardEverything(invalidation, other.db);
    expect(await cache.status(adminId)).toBe(1);
  });
});
