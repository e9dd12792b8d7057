/**
 * A full "Sync" of one unit's CRM app at volume (issue 8): BENCH_SYNC_USERS users (10,000 by
 * default) of one unit, each a CRM user, synced into the sample SCIM app over HTTP on this
 * machine; timed from the Sync call until GetSyncStatus says done. The server runs in this
 * process (the sample app too): the figure is the whole delivery pipeline, queue to app.
 * On PGlite, or a fresh PostgreSQL database when DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { appObjects, services, units } from '../apps/server/src/db/schema/index.ts';
import { signInActor } from '../apps/server/test/actors.ts';
import { apiAs } from '../apps/server/test/api.ts';
import { serveScimApp } from '../apps/server/test/scim-service.ts';
import { startTestApp } from '../apps/server/test/test-app.ts';

type Report = (name: string, value: string, target?: string) => void;

const USERS = Number(process.env.BENCH_SYNC_USERS ?? 10_000);
const TIME_LIMIT_MS = 30 * 60 * 1000;

export async function benchSync(report: Report): Promise<void> {
  const t = await startTestApp(process.env.DATABASE_URL ? 'postgres' : 'pglite', { INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64'), LOG_LEVEL: 'silent' });
  const { scim, crm, close } = await serveScimApp(t, 'bench-sync-token');
  try {
    const { db } = t.database;
    const [unit] = await db.select({ id: units.id, tenantId: units.tenantId }).from(units).where(eq(units.tenantId, 'minhphat'));
    const [role] = await db.select({ id: appObjects.id }).from(appObjects).where(eq(appObjects.code, 'SALES'));
    await db.execute(sql`
      insert into users (username, email, password_hash, unit_id, is_user_unit, first_name, last_name, full_name, mobile)
      select 'sync.user' || i, 'sync' || i || '@bench.test', 'x', ${unit!.id}, true, 'Người', 'Dùng ' || i, 'Người Dùng ' || i, '09' || lpad(i::text, 8, '0')
      from generate_series(1, ${sql.raw(String(Math.trunc(USERS)))}) i`);
    await db.execute(sql`
      insert into app_users (unit_id, service_id, user_id, role_id)
      select ${unit!.id}, ${crm}, id, ${role!.id} from users where username like 'sync.user%'`);
    const [service] = await db.select({ id: services.id }).from(services).where(eq(services.id, crm));
    const admin = apiAs(t, (await signInActor(t, 'unitAdminA')).headers);

    const started = performance.now();
    const { syncId, queued } = await admin.data(admin.post('/api/AppUser/Sync', { serviceId: service!.id }));
    const queuedMs = performance.now() - started;
    let status: { done: boolean; delivered: number; failed: number };
    do {
      if (performance.now() - started > TIME_LIMIT_MS) throw new Error(`sync of ${USERS} users not done in ${TIME_LIMIT_MS / 60_000} min`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = await admin.data(admin.post('/api/AppUser/GetSyncStatus', { syncId }));
    } while (!status.done);
    const seconds = (performance.now() - started) / 1000;
    const inApp = scim.resources(unit!.tenantId, 'Users').length;
    if (status.failed > 0 || inApp < USERS) throw new Error(`sync ended with ${status.failed} failed, ${inApp} users in the app`);
    report(`sync: queue ${queued.toLocaleString('en')} objects (${USERS.toLocaleString('en')} users)`, `${queuedMs.toFixed(0)} ms`);
    report(`sync: full sync of a unit with ${USERS.toLocaleString('en')} users`, `${seconds.toFixed(1)} s, ${Math.round(queued / seconds)}/s`, 'finishes');
  } finally {
    close();
    await t.close();
  }
}
