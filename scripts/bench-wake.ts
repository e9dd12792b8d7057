/**
 * Grant → SCIM request (issue 27, step 3): how soon a committed grant reaches the app.
 * (a) the API call that grants (AppUser/AddUpdate, whose route also asks the worker to start);
 * (b) the same grant queued by another writer that tells no worker (as another instance or a
 * batch job would): only the outbox's NOTIFY on commit wakes the worker, its poll is 1 s.
 * Beside them, the floor: the app's own round trip for one SCIM request from this process.
 */
import { randomBytes } from 'node:crypto';
import { desc, eq, like, sql } from 'drizzle-orm';
import { appObjects, provisioningOutbox, units, users } from '../apps/server/src/db/schema/index.ts';
import { enqueueDeliveries } from '../apps/server/src/platform/outbox/provisioning-queue.ts';
import { signInActor } from '../apps/server/test/actors.ts';
import { apiAs } from '../apps/server/test/api.ts';
import { serveScimApp } from '../apps/server/test/scim-service.ts';
import { startTestApp } from '../apps/server/test/test-app.ts';
import { percentile } from './bench/measure.ts';

type Report = (name: string, value: string, target?: string) => void;
const GRANTS = 40;

async function arrival(received: readonly { arrivedAt: number }[], before: number): Promise<number> {
  const until = performance.now() + 5000;
  while (received.length <= before) {
    if (performance.now() > until) throw new Error('the grant did not reach the app within 5 s');
    await new Promise((resolve) => setImmediate(resolve));
  }
  return received[before]!.arrivedAt;
}

export async function benchWake(report: Report): Promise<void> {
  const t = await startTestApp(process.env.DATABASE_URL ? 'postgres' : 'pglite', { INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64'), LOG_LEVEL: 'silent' });
  const { scim, crm, endpoint, close } = await serveScimApp(t, 'bench-wake-token');
  try {
    const { db } = t.database;
    const [unit] = await db.select({ id: units.id, tenantId: units.tenantId }).from(units).where(eq(units.tenantId, 'minhphat'));
    await db.execute(sql`
      insert into users (username, email, password_hash, unit_id, is_user_unit, first_name, last_name, full_name)
      select 'wake.user' || i, 'wake' || i || '@bench.test', 'x', ${unit!.id}, true, 'Người', 'Dùng ' || i, 'Người Dùng ' || i
      from generate_series(1, ${GRANTS}) i`);
    const ids = (await db.select({ id: users.id }).from(users).where(like(users.username, 'wake.user%'))).map((user) => user.id);
    const [role] = await db.select({ id: appObjects.id }).from(appObjects).where(eq(appObjects.code, 'SALES'));
    const admin = apiAs(t, (await signInActor(t, 'unitAdminA')).headers);

    const floorUrl = `${endpoint.replace('{tenant}', unit!.tenantId)}/Users?count=1`;
    const floor: number[] = [];
    for (let i = 0; i < GRANTS; i += 1) {
      const started = performance.now();
      await (await fetch(floorUrl, { headers: { authorization: 'Bearer bench-wake-token' } })).arrayBuffer();
      floor.push(performance.now() - started);
    }

    const byCall: number[] = [];
    const byNotify: number[] = [];
    for (const userId of ids) {
      let before = scim.received.length;
      let started = performance.now();
      const answer = admin.post('/api/AppUser/AddUpdate', { serviceId: crm, userId, roleId: role!.id });
      byCall.push((await arrival(scim.received, before)) - started);
      await admin.data(answer);

      const [row] = await db.select().from(provisioningOutbox).orderBy(desc(provisioningOutbox.createdAt)).limit(1);
      before = scim.received.length;
      started = performance.now();
      await db.transaction((tx) => enqueueDeliveries(tx, [{ unitId: row!.unitId, serviceId: row!.serviceId, objectType: row!.objectType, objectId: row!.objectId, payload: row!.payload ?? undefined }]));
      byNotify.push((await arrival(scim.received, before)) - started);
    }
    const ms = (values: number[]) => `p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`;
    report('SCIM app round trip (the floor)', ms(floor));
    report('grant → SCIM request, via the API call', ms(byCall), 'p50 ≤ 100 ms');
    report('grant → SCIM request, queued elsewhere (NOTIFY)', ms(byNotify), 'p50 ≤ 100 ms (poll: 1 s)');
  } finally {
    close();
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchWake((name, value, target = '') => console.log(`${name.padEnd(52)} ${value.padEnd(30)} ${target}`));
}
