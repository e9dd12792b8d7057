/**
 * `npm run bench`: the portal's speed and size figures on this machine, each beside the floor
 * measured in the same run and its target (issue 12). The server runs as a process of its own
 * (as in production); autocannon and the OIDC clients drive it from this one. PGlite by
 * default; PostgreSQL when DATABASE_URL is set (a fresh database is made on that server and
 * dropped afterwards). BENCH_USERS, BENCH_LOGS, BENCH_SYNC_USERS (0 skips the sync) and
 * BENCH_ACTIVITY=0 change the volumes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildServer } from '../apps/server/build.ts';
import { prepareDatabase } from '../apps/server/src/bootstrap/index.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, PGLITE_SETTINGS } from '../apps/server/src/db/client.ts';
import { freshDatabase } from '../apps/server/test/databases.ts';
import { httpInjector, SERVER_NODE_FLAGS, startInstance } from '../apps/server/test/instances.ts';
import { bearer, refresh, signIn } from '../apps/server/test/oidc-client.ts';
import { DEMO_UNIT_USER, TEST_ADMIN, TEST_PUBLIC_URL } from '../apps/server/test/test-app.ts';
import type { FastifyInstance } from 'fastify';
import { benchActivity } from './bench-activity.ts';
import { benchSync } from './bench-sync.ts';
import { benchWake } from './bench-wake.ts';
import { benchRestart } from './bench-restart.ts';
import { cpuSeconds, hammer, loops, peakRssMiB, percentile, postgresCpuSeconds, rssMiB, timed } from './bench/measure.ts';
import { seedActionLogs, seedUsers } from './bench/seed.ts';

const postgresUrl = process.env.DATABASE_URL;
const kind = postgresUrl ? 'PostgreSQL' : 'PGlite';
const USERS = Number(process.env.BENCH_USERS ?? (postgresUrl ? 1_000_000 : 100_000));
const LOGS = Number(process.env.BENCH_LOGS ?? (postgresUrl ? 10_000_000 : 0));
const PAGE_SIZE = 20;

const row = (figure: string, value: string, target = '') => console.log(`${figure.padEnd(52)} ${value.padEnd(30)} ${target}`);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const perSecond = (value: number) => `${Math.round(value).toLocaleString('en')}/s`;

console.log(`SSO portal bench on ${kind}, ${new Date().toISOString()}\n`);
row('figure', 'measured', 'target');

// 1. The database: migrations and demo data as on a first start, then the volumes.
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const target = postgresUrl ? await freshDatabase('postgres', postgresUrl) : undefined;
const databaseEnv: Record<string, string> = target?.url ? { DATABASE_URL: target.url } : { DATA_DIR: dataDir };
{
  const handle = target ? await target.open() : await openDatabase({ dataDir });
  await prepareDatabase(handle, loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL, PORTAL_ADMIN_PASSWORD: TEST_ADMIN.password, DEMO_DATA: '1', LOG_LEVEL: 'silent' }));
  const seeding = performance.now();
  await seedUsers(handle.db, Math.max(1, Math.round(USERS / 100)), USERS);
  if (LOGS > 0) await seedActionLogs(handle.db, LOGS);
  row(`seed ${USERS.toLocaleString('en')} users, ${LOGS.toLocaleString('en')} log rows`, ms(performance.now() - seeding));
  await handle.close();
}

// The server as `npm start` runs it: compiled from the sources as they are now.
const instance = await startInstance(databaseEnv, await buildServer());
try {
  const url = instance.url;
  row('server memory (RSS) after start', `${rssMiB(instance.pid).toFixed(0)} MiB`);
  // Many clients, as behind the load balancer: the per-address limits count each apart. Each
  // keeps its connections open between requests, as browsers do.
  let clientNumber = 0;
  const clientAddress = () => ({ 'x-forwarded-for': `10.9.${(clientNumber >> 8) & 255}.${clientNumber++ & 255}` });
  const client = httpInjector(url, clientAddress, { keepAlive: true }) as unknown as FastifyInstance;
  const admin = await signIn(client, TEST_ADMIN);
  const headers = bearer(admin.access_token);

  // 2. Requests per second against the framework's floor, measured now on this machine.
  const floor = await hammer(`${url}/healthz`);
  row('GET /healthz (the floor), 16 connections', `${perSecond(floor.perSecond)}, p99 ${floor.p99} ms`);
  // Asked as the screens ask them: a browser always accepts a compressed answer (the menu is
  // ~9 KiB for an administrator, and compressing it afresh for each request cost 5 to 9 times the rest of the call).
  const asBrowsersAsk = { ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' };
  for (const path of ['/api/User/GetUserProfileCurrent', '/api/User/GetListMenus']) {
    const result = await hammer(`${url}${path}`, asBrowsersAsk);
    const share = (100 * result.perSecond) / floor.perSecond;
    row(`GET ${path}`, `${perSecond(result.perSecond)} (${share.toFixed(0)}% of floor), p99 ${result.p99} ms${result.failures ? `, ${result.failures} failed` : ''}`, '≥ 30% of floor, p99 ≤ 50 ms');
  }
  row('server memory (RSS) after the load', `${rssMiB(instance.pid).toFixed(0)} MiB`, postgresUrl ? '≤ 150 MiB' : '≤ 300 MiB');
  // The most it held meanwhile: on PGlite, V8 compiling the database's WebAssembly with its
  // optimising compiler took ~450 MiB for a while and gave it back (docs/decisions.md).
  row('  its peak so far', `${peakRssMiB(instance.pid).toFixed(0)} MiB`);
  // The embedded database's settings the figures were taken with (db/client.ts, docs/decisions.md).
  if (!postgresUrl) row('  PGlite settings', PGLITE_SETTINGS.join(' '));
  row('  node flags', SERVER_NODE_FLAGS.join(' '));

  // 3. Sign-ins and refreshes per second of the server's CPU (argon2id m=19 MiB, t=2).
  const signInsPerCpuSecond = async (through: FastifyInstance) => {
    const before = cpuSeconds(instance.pid);
    const databaseBefore = postgresUrl ? postgresCpuSeconds() : undefined;
    const signIns = await loops(4, 10, () => signIn(through, DEMO_UNIT_USER));
    const server = cpuSeconds(instance.pid) - before;
    const database = databaseBefore === undefined ? undefined : postgresCpuSeconds()! - databaseBefore;
    return { server: (signIns / server).toFixed(1), withDatabase: database === undefined ? undefined : (signIns / (server + database)).toFixed(1) };
  };
  const signIns = await signInsPerCpuSecond(client);
  row('full OIDC password sign-ins per CPU-second', signIns.server, '≥ 40');
  // On PGlite the database works inside the server's process and is counted above; a
  // PostgreSQL server on this machine works in processes of its own, counted here too.
  if (signIns.withDatabase) row("  the same, PostgreSQL's own CPU counted too", signIns.withDatabase);
  // The same with a new TCP connection for each of a sign-in's four requests (no keep-alive).
  const oneConnectionEach = httpInjector(url, clientAddress) as unknown as FastifyInstance;
  row('  the same, a new connection a request', (await signInsPerCpuSecond(oneConnectionEach)).server);
  const sessions = await Promise.all(Array.from({ length: 4 }, () => signIn(client, DEMO_UNIT_USER)));
  const cpu = cpuSeconds(instance.pid);
  let turn = 0;
  const refreshes = await loops(4, 8, async () => {
    const session = sessions[turn++ % sessions.length]!;
    const renewed = await refresh(session.browser, session.refresh_token!);
    session.refresh_token = (renewed.json() as { refresh_token?: string }).refresh_token ?? session.refresh_token;
  });
  row('refresh-token grants per CPU-second', (refreshes / (cpuSeconds(instance.pid) - cpu)).toFixed(1), '≥ 300');

  // 4. Searches at volume, one after another: p95 of 200 each (of 40, the figure was the second
  //    slowest request, and moved by half between runs on this machine).
  const post = async (path: string, body: object) => {
    const answer = await fetch(`${url}${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await answer.json()) as { success: boolean; data?: { records: unknown[] } };
    if (!json.success || !json.data?.records.length) throw new Error(`${path} ${JSON.stringify(body)}: ${JSON.stringify(json).slice(0, 200)}`);
  };
  const searchTarget = postgresUrl ? 'p95 ≤ 25 ms' : 'p95 ≤ 60 ms';
  // Smaller BENCH_USERS still finds a name and a page: the figures stay comparable at scale.
  const keyword = `user${Math.min(12_345, USERS)}`;
  const farPageOf = (rows: number) => Math.max(1, Math.min(5_000, Math.floor(rows / PAGE_SIZE)));
  const farPage = farPageOf(USERS);
  const farLogPage = farPageOf(LOGS);
  const searches: [string, string, object][] = [
    ['users: keyword, first page', '/api/User/SearchUserAdminUnitPage', { pageIndex: 1, pageSize: PAGE_SIZE, keyword }],
    ['users: status filter, first page', '/api/User/SearchUserAdminUnitPage', { pageIndex: 1, pageSize: PAGE_SIZE, status: 5 }],
    [`users: page ${farPage.toLocaleString('en')}`, '/api/User/SearchUserAdminUnitPage', { pageIndex: farPage, pageSize: PAGE_SIZE }],
  ];
  if (LOGS > 0) {
    searches.push(
      ['action log: first page', '/api/ActionLog/SearchActionLog', { pageIndex: 1, pageSize: PAGE_SIZE }],
      ['action log: category and month', '/api/ActionLog/SearchActionLog', { pageIndex: 1, pageSize: PAGE_SIZE, objectCategory: 7, fromDate: '2026-01-01T00:00:00Z', toDate: '2026-01-31T23:59:59Z' }],
      [`action log: page ${farLogPage.toLocaleString('en')}`, '/api/ActionLog/SearchActionLog', { pageIndex: farLogPage, pageSize: PAGE_SIZE }],
    );
  }
  for (const [name, path, body] of searches) {
    await post(path, body);
    const latencies = await timed(200, () => post(path, body));
    row(`${name} (${name.startsWith('users') ? USERS.toLocaleString('en') : LOGS.toLocaleString('en')} rows)`, `p95 ${ms(percentile(latencies, 95))}`, name.startsWith('users') ? searchTarget : 'p95 ≤ 50 ms');
  }
} finally {
  await instance.stop();
}
// 4a. `npm start` on an unchanged install, on the same database (issue 27).
try {
  console.log('');
  await benchRestart(row, databaseEnv);
} finally {
  await target?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

// 5. The web app's sizes against their budgets (built by `npm run build`).
console.log('');
const sizes = spawnSync(process.execPath, [new URL('./size-budgets.ts', import.meta.url).pathname], { encoding: 'utf8' });
console.log(sizes.status === null || sizes.stdout === '' ? 'web: not built (run "npm run build")' : sizes.stdout.trim());

// 6a. Grant → SCIM request: the outbox wakes on commit (issue 27).
console.log('');
await benchWake(row);

// 6. A full sync of a unit's app into a SCIM app (issue 8).
if (process.env.BENCH_SYNC_USERS !== '0') {
  console.log('');
  await benchSync(row);
}

// 7. Dashboard and reports at volume (10 million sign-in events), on PostgreSQL only.
if (process.env.BENCH_ACTIVITY !== '0') {
  console.log('');
  await benchActivity((name, value) => row(name, value));
}
