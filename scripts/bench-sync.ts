/**
 * A full "Sync" of one unit's CRM app at volume (issues 8, 27): BENCH_SYNC_USERS users (10,000
 * by default) of one unit, each a CRM user, synced into the sample SCIM app over HTTP on this
 * machine; timed from the Sync call until GetSyncStatus says done. The app runs in a process of
 * its own and answers each request after BENCH_SCIM_LATENCY_MS (5 ms), as a nearby real app
 * would. Beside the Sync, that app's own floors: as many users created straight into it one
 * POST each, and in Bulk requests of the Sync's size (a bundle's users, at most what the app
 * allows), as many at once as the portal sends (SYNC_CONCURRENCY). The server runs in this
 * process: the figure is the whole delivery pipeline, queue to app; its peak memory is sampled
 * while it runs, and its CPU seconds printed (on a shared machine they move less than the wall
 * clock). BENCH_SYNC_LARGE_USERS (100,000; 0 skips it) runs it again at that size: its peak
 * heap is compared with the smaller run's, and more than FLAT_MARGIN over it is printed NOT
 * FLAT and fails the run (exit code 1). The app offers SCIM Bulk (BENCH_SCIM_BULK operations a
 * request, 1000 by default; 0 for none), answering a Bulk request after the same latency as
 * any. On PGlite, or a fresh PostgreSQL database when DATABASE_URL is set. Runs alone too:
 * `node scripts/bench-sync.ts`.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { USERS_PER_BUNDLE } from '../apps/server/src/modules/provisioning/bundles.ts';
import { SCIM_SCHEMAS } from '../apps/server/src/modules/provisioning/scim-client.ts';
import { appObjects, units } from '../apps/server/src/db/schema/index.ts';
import { signInActor } from '../apps/server/test/actors.ts';
import { apiAs } from '../apps/server/test/api.ts';
import { integrateCrm } from '../apps/server/test/scim-service.ts';
import { startTestApp } from '../apps/server/test/test-app.ts';

type Report = (name: string, value: string, target?: string) => void;

const TOKEN = 'bench-sync-token';
const LATENCY_MS = Number(process.env.BENCH_SCIM_LATENCY_MS ?? 5);
/** The app offers SCIM Bulk with this many operations a request (BENCH_SCIM_BULK; 0: no Bulk, one request a user). */
const BULK_OPERATIONS = Number(process.env.BENCH_SCIM_BULK ?? 1000);
const TIME_LIMIT_MS = 30 * 60 * 1000;
const MiB = 1024 * 1024;

/** The sample app in its own process; its endpoint, and how to end it. */
async function startScimAppProcess(): Promise<{ endpoint: string; stop: () => void }> {
  const child = fork(new URL('./bench/scim-app-process.ts', import.meta.url).pathname, { env: { ...process.env, SCIM_TOKEN: TOKEN, SCIM_LATENCY_MS: String(LATENCY_MS), SCIM_BULK_MAX_OPERATIONS: String(BULK_OPERATIONS) } });
  const [message] = (await once(child, 'message')) as [{ endpoint: string }];
  return { endpoint: message.endpoint, stop: () => child.disconnect() };
}

/** How many users the app holds in a tenant (a page of none: its total). */
async function usersInApp(endpoint: string, tenant: string): Promise<number> {
  const answer = await fetch(`${endpoint.replace('{tenant}', tenant)}/Users?count=0`, { headers: { authorization: `Bearer ${TOKEN}` } });
  return ((await answer.json()) as { totalResults: number }).totalResults;
}

/** The app's floor: `count` users POSTed straight into a tenant of its own, `lanes` at a time. */
async function appFloorSeconds(endpoint: string, count: number, lanes: number): Promise<number> {
  return timedLanes(endpoint, count, lanes, 1, (base, first) => ({
    url: `${base}/Users`,
    body: { schemas: [SCIM_SCHEMAS.user], externalId: `floor-${first}`, userName: `floor.${first}`, active: true },
    expect: 201,
  }));
}

/** The app's floor in Bulk: `count` users created in Bulk requests of `size` operations, `lanes` requests at a time (as the Sync's bundles go). */
async function appBulkFloorSeconds(endpoint: string, count: number, lanes: number, size: number): Promise<number> {
  return timedLanes(endpoint, count, lanes, size, (base, first, n) => ({
    url: `${base}/Bulk`,
    body: {
      schemas: [SCIM_SCHEMAS.bulkRequest],
      failOnErrors: n,
      Operations: Array.from({ length: n }, (_, i) => ({
        method: 'POST',
        path: '/Users',
        bulkId: `b${i}`,
        data: { schemas: [SCIM_SCHEMAS.user], externalId: `floor-${first + i}`, userName: `floor.${first + i}`, active: true },
      })),
    },
    expect: 200,
  }));
}

/** Sends `count` users in requests of `size` (built by `request`) into a fresh tenant, `lanes` at a time; the seconds taken. */
async function timedLanes(
  endpoint: string,
  count: number,
  lanes: number,
  size: number,
  request: (base: string, first: number, n: number) => { url: string; body: unknown; expect: number },
): Promise<number> {
  const base = endpoint.replace('{tenant}', `floor-${randomBytes(4).toString('hex')}`);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < count) {
        const first = next;
        next += size;
        const { url, body, expect } = request(base, first, Math.min(size, count - first));
        const answer = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/scim+json' },
          body: JSON.stringify(body),
        });
        await answer.arrayBuffer();
        if (answer.status !== expect) throw new Error(`the app's floor: ${url} answered ${answer.status}`);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

/** The highest RSS and JS heap in use of this process while `work` runs, sampled every 100 ms. */
async function peakMemory<T>(work: () => Promise<T>): Promise<{ result: T; rss: number; heapUsed: number }> {
  let rss = 0;
  let heapUsed = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    rss = Math.max(rss, usage.rss);
    heapUsed = Math.max(heapUsed, usage.heapUsed);
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    return { result, rss, heapUsed };
  } finally {
    clearInterval(timer);
  }
}

async function syncOnce(users: number, endpoint: string, concurrency: number) {
  const t = await startTestApp(process.env.DATABASE_URL ? 'postgres' : 'pglite', {
    INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    SYNC_CONCURRENCY: String(concurrency),
  });
  try {
    const crm = await integrateCrm(t, endpoint, TOKEN);
    const { db } = t.database;
    const [unit] = await db.select({ id: units.id, tenantId: units.tenantId }).from(units).where(eq(units.tenantId, 'minhphat'));
    const [role] = await db.select({ id: appObjects.id }).from(appObjects).where(eq(appObjects.code, 'SALES'));
    await db.execute(sql`
      insert into users (username, email, password_hash, unit_id, is_user_unit, first_name, last_name, full_name, mobile)
      select 'sync.user' || i, 'sync' || i || '@bench.test', 'x', ${unit!.id}, true, 'Người', 'Dùng ' || i, 'Người Dùng ' || i, '09' || lpad(i::text, 8, '0')
      from generate_series(1, ${sql.raw(String(Math.trunc(users)))}) i`);
    await db.execute(sql`
      insert into app_users (unit_id, service_id, user_id, role_id)
      select ${unit!.id}, ${crm}, id, ${role!.id} from users where username like 'sync.user%'`);
    // Each tenant once: the runs at two sizes must not find each other's users in the app.
    const tenant = `bench-${users}-${randomBytes(3).toString('hex')}`;
    await db.update(units).set({ tenantId: tenant }).where(eq(units.id, unit!.id));
    const admin = apiAs(t, (await signInActor(t, 'unitAdminA')).headers);
    global.gc?.();

    const { result, rss, heapUsed } = await peakMemory(async () => {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const { syncId, queued } = await admin.data(admin.post('/api/AppUser/Sync', { serviceId: crm }));
      const queuedMs = performance.now() - started;
      let status: { done: boolean; delivered: number; failed: number };
      do {
        if (performance.now() - started > TIME_LIMIT_MS) throw new Error(`sync of ${users} users not done in ${TIME_LIMIT_MS / 60_000} min`);
        await new Promise((resolve) => setTimeout(resolve, 250));
        status = await admin.data(admin.post('/api/AppUser/GetSyncStatus', { syncId }));
      } while (!status.done);
      const cpu = process.cpuUsage(cpuBefore);
      return { queued: queued as number, queuedMs, seconds: (performance.now() - started) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6, failed: status.failed };
    });
    const inApp = await usersInApp(endpoint, tenant);
    if (result.failed > 0 || inApp < users) throw new Error(`sync ended with ${result.failed} failed, ${inApp} users in the app`);
    return { ...result, rss, heapUsed };
  } finally {
    await t.close();
  }
}

/** How much more the larger run's peak heap may be than the smaller's and still be called flat. */
export const FLAT_MARGIN = 0.25;

export async function benchSync(report: Report): Promise<void> {
  const users = Number(process.env.BENCH_SYNC_USERS ?? 10_000);
  const large = Number(process.env.BENCH_SYNC_LARGE_USERS ?? 100_000);
  const concurrency = loadConfig({ SYNC_CONCURRENCY: process.env.SYNC_CONCURRENCY }).syncConcurrency;
  // The Sync sends its users a bundle a request: as many operations as a bundle holds, at most what the app allows.
  const bulkSize = Math.min(BULK_OPERATIONS, USERS_PER_BUNDLE);
  const app = await startScimAppProcess();
  try {
    const floor = await appFloorSeconds(app.endpoint, users, concurrency);
    report(`sync: the app's floor, ${users.toLocaleString('en')} POSTs ${concurrency} at once`, `${floor.toFixed(1)} s, ${Math.round(users / floor)}/s (${LATENCY_MS} ms each)`);
    const bulkFloor = bulkSize > 0 ? await appBulkFloorSeconds(app.endpoint, users, concurrency, bulkSize) : undefined;
    if (bulkFloor !== undefined) {
      report(`sync: the app's floor, ${users.toLocaleString('en')} users in Bulk of ${bulkSize}, ${concurrency} at once`, `${bulkFloor.toFixed(1)} s, ${Math.round(users / bulkFloor)}/s`);
    }
    const run = await syncOnce(users, app.endpoint, concurrency);
    const floorOfMode = bulkFloor ?? floor;
    report(`sync: queue ${run.queued.toLocaleString('en')} objects (${users.toLocaleString('en')} users)`, `${run.queuedMs.toFixed(0)} ms`);
    report(
      `sync: full sync of a unit with ${users.toLocaleString('en')} users (${bulkSize > 0 ? `Bulk of ${bulkSize}` : 'no Bulk'})`,
      `${run.seconds.toFixed(1)} s, ${Math.round(run.queued / run.seconds)}/s (the app's floor ${floorOfMode.toFixed(1)} s; the portal's CPU ${run.cpuSeconds.toFixed(1)} s)`,
      users === 10_000 ? '≤ 15 s' : '',
    );
    report(`sync: peak memory, ${users.toLocaleString('en')} users`, `heap ${(run.heapUsed / MiB).toFixed(0)} MiB, RSS ${(run.rss / MiB).toFixed(0)} MiB`);
    if (large > 0) {
      const big = await syncOnce(large, app.endpoint, concurrency);
      report(`sync: full sync of a unit with ${large.toLocaleString('en')} users`, `${big.seconds.toFixed(1)} s, ${Math.round(big.queued / big.seconds)}/s (the portal's CPU ${big.cpuSeconds.toFixed(1)} s)`);
      const growth = big.heapUsed / run.heapUsed - 1;
      const flat = growth <= FLAT_MARGIN;
      report(
        `sync: peak memory, ${large.toLocaleString('en')} users`,
        `heap ${(big.heapUsed / MiB).toFixed(0)} MiB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(0)} %), RSS ${(big.rss / MiB).toFixed(0)} MiB — ${flat ? 'flat' : 'NOT FLAT'}`,
        `heap ≤ +${FLAT_MARGIN * 100} % of the ${users.toLocaleString('en')} run's`,
      );
      if (!flat) process.exitCode = 1;
    }
  } finally {
    app.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchSync((name, value, target = '') => console.log(`${name.padEnd(64)} ${value.padEnd(44)} ${target}`));
}
