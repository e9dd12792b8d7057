/**
 * Dashboard and report speed at volume (issue 10): a fresh PostgreSQL database with
 * 100,000 users in 1,000 units and 10 million sign-in events over three years, counted into
 * the activity counters by a rebuild; then each figure call is timed. Skipped without a
 * PostgreSQL server (DATABASE_URL or 127.0.0.1:5432). BENCH_SIGN_INS changes the volume.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { packageServiceUnitsReport, serviceUnitsReport, serviceVisitReport } from '@portal/contracts';
import { buildApp } from '../apps/server/src/app.ts';
import { prepareDatabase } from '../apps/server/src/bootstrap/index.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { loadProviderKeys } from '../apps/server/src/identity/keys.ts';
import { activityDay } from '../apps/server/src/modules/dashboard/activity-day.ts';
import { rebuildActivityCounters } from '../apps/server/src/modules/dashboard/activity-counters.ts';
import { DATABASE_KINDS, freshDatabase } from '../apps/server/test/databases.ts';
import { bearer, signIn } from '../apps/server/test/oidc-client.ts';
import { TEST_ADMIN, TEST_PUBLIC_URL } from '../apps/server/test/test-app.ts';

type Report = (name: string, value: string) => void;

const UNITS = 1_000;
const USERS = 100_000;
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 10_000_000);
const BATCH = 1_000_000;
const THREE_YEARS_S = 3 * 365 * 86_400;

const ms = (value: number) => `${value.toFixed(1)} ms`;
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A number written into the statement: generate_series cannot tell the type of a bare parameter. */
const n = (value: number) => sql.raw(String(Math.trunc(value)));

/** Units, users and sign-ins written by the database itself (generate_series), batch by batch. */
async function seed(execute: (query: ReturnType<typeof sql>) => Promise<unknown>): Promise<void> {
  await execute(sql`insert into units (name, tenant_id) select 'Bench unit ' || i, 'bench' || i from generate_series(1, ${n(UNITS)}) i`);
  await execute(sql`
    insert into users (username, email, password_hash, unit_id, is_user_unit)
    select 'bench.user' || i, 'bench' || i || '@bench.test', 'x', (select id from units where tenant_id = 'bench' || (1 + i % ${n(UNITS)})), true
    from generate_series(1, ${n(USERS)}) i`);
  await execute(sql`create temporary table bench_people as select row_number() over (order by id) as n, id, unit_id from users where username like 'bench.user%'`);
  await execute(sql`create index on bench_people (n)`);
  for (let from = 0; from < SIGN_INS; from += BATCH) {
    const to = Math.min(SIGN_INS, from + BATCH) - 1;
    await execute(sql`
      insert into user_devices (user_id, unit_id, device_key, device_name, browser, ip_address, signed_in_at, signed_out_at)
      select p.id, p.unit_id, 'device' || (i % 150000), 'Windows Desktop', 'Chrome 140', '10.0.0.1',
             now() - make_interval(secs => (i::bigint * 7919) % ${n(THREE_YEARS_S)}),
             case when i % 3 = 0 then now() - make_interval(secs => (i::bigint * 7919) % ${n(THREE_YEARS_S)}) + interval '1 hour' end
      from generate_series(${n(from)}, ${n(to)}) i join bench_people p on p.n = 1 + (i::bigint * 31) % ${n(USERS)}`);
    await execute(sql`
      insert into service_accesses (user_id, unit_id, service_code, accessed_at)
      select p.id, p.unit_id, (array['CRM', 'IC', 'LCM', 'WFM'])[1 + i % 4], now() - make_interval(secs => (i::bigint * 7919) % ${n(THREE_YEARS_S)})
      from generate_series(${n(from)}, ${n(to)}, 5) i join bench_people p on p.n = 1 + (i::bigint * 31) % ${n(USERS)}`);
  }
}

async function timeCalls(call: () => Promise<Response>, n = 40): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const response = await call();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    latencies.push(performance.now() - t0);
  }
  return latencies;
}

export async function benchActivity(report: Report): Promise<void> {
  if (!DATABASE_KINDS.includes('postgres')) {
    report('dashboards at volume', 'skipped: no PostgreSQL');
    return;
  }
  const target = await freshDatabase('postgres');
  const database = await target.open();
  try {
    const config = loadConfig({ PUBLIC_URL: TEST_PUBLIC_URL, PORTAL_ADMIN_PASSWORD: TEST_ADMIN.password, LOG_LEVEL: 'silent', DATABASE_URL: target.url! });
    await prepareDatabase(database, config);
    const t0 = performance.now();
    await seed((query) => database.db.execute(query));
    report(`seed ${(SIGN_INS / 1e6).toFixed(1)} M sign-ins, ${USERS / 1000} k users`, ms(performance.now() - t0));
    const t1 = performance.now();
    await database.db.transaction((tx) => rebuildActivityCounters(tx));
    await database.db.execute(sql`analyze`);
    report('rebuild the activity counters from them', ms(performance.now() - t1));

    const app = await buildApp({ config, database, keys: await loadProviderKeys(database.db), webRoot: '/nonexistent' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
      const headers = { ...bearer((await signIn(app, TEST_ADMIN)).access_token), 'content-type': 'application/json' };
      const [unit] = ((await database.db.execute(sql`select id from units where tenant_id = 'bench1'`)) as { rows: { id: string }[] }).rows;
      const today = new Date();
      const year = { fromDate: activityDay(new Date(today.getTime() - 365 * 86_400_000)), toDate: activityDay(today) };
      const post = (path: string, body: object) => () => fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const calls: [string, () => Promise<Response>][] = [
        ['platform dashboard, one year', post('/Dashboard/ActivityStatisticUnit', year)],
        ['platform dashboard of one unit, one year', post('/Dashboard/ActivityStatisticUnit', { ...year, unitRequest: unit!.id })],
        ['unit dashboard, one year', post('/Dashboard/ActivityStatisticsByUser', { ...year, unitRequest: unit!.id })],
        ['Report_3 service accesses, one year', post(serviceVisitReport.paths.search!, year)],
        ['Report_3 of one unit, one year', post(serviceVisitReport.paths.search!, { ...year, unitId: unit!.id })],
        ["report: units using each pack's services", post(packageServiceUnitsReport.paths.search!, {})],
        ['report: units using a service, one year', post(serviceUnitsReport.paths.search!, { ...year, serviceCode: 'CRM' })],
      ];
      for (const [name, call] of calls) {
        const latencies = await timeCalls(call);
        report(`${name} (p50 / p95)`, `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))}`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await target.drop();
  }
}
