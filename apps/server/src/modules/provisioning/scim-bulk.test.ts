import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppSyncStatus } from '@portal/contracts';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { eventually } from '../../../test/eventually.ts';
import { listenScimApp, integrateCrm, type ListeningScimApp } from '../../../test/scim-service.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { appObjects, appUsers, integrations, units } from '../../db/schema/index.ts';

const TOKEN = 'scim-bulk-token';
/** Users of the unit in CRM besides the demo data's: enough for several Bulk requests. */
const ADDED = 30;
const MAX_OPERATIONS = 7;

describe.each(DATABASE_KINDS)('SCIM Bulk in deliveries to an app on %s', (kind) => {
  let t: TestApp;
  let admin: Api;
  let crm: string;
  let tenant: string;
  let unitId: string;
  /** One app offering Bulk, one not: the integration points at one or the other (what an app offers is kept per endpoint). */
  let bulkApp: ListeningScimApp;
  let plainApp: ListeningScimApp;
  let members: number;

  const sync = async () => (await admin.data(admin.post('/api/AppUser/Sync', { serviceId: crm }))) as { syncId: string; queued: number };
  const finished = (syncId: string) =>
    eventually(() => admin.data(admin.post('/api/AppUser/GetSyncStatus', { syncId })) as Promise<AppSyncStatus>, (status) => status.done, 'the sync to finish');
  /** Points the integration at `app`, the portal knowing no id of the app's (as for a new app). */
  async function useApp(app: ListeningScimApp) {
    await t.database.db.update(integrations).set({ scimEndpoint: app.endpoint }).where(eq(integrations.serviceId, crm));
    await t.database.db.update(appUsers).set({ remoteId: null }).where(eq(appUsers.serviceId, crm));
  }
  const writesFrom = (app: ListeningScimApp, since: number) => app.scim.received.slice(since).filter((r) => r.type === 'Users');

  beforeAll(async () => {
    t = await startTestApp(kind, { INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64'), SYNC_CONCURRENCY: '2' });
    bulkApp = await listenScimApp(TOKEN);
    bulkApp.scim.setBulk({ maxOperations: MAX_OPERATIONS, maxPayloadSize: 1024 * 1024 });
    plainApp = await listenScimApp(TOKEN);
    crm = await integrateCrm(t, plainApp.endpoint, TOKEN);
    const actor = await signInActor(t, 'unitAdminA');
    admin = apiAs(t, actor.headers);
    unitId = actor.unitId!;
    const { db } = t.database;
    [{ tenantId: tenant }] = (await db.select({ tenantId: units.tenantId }).from(units).where(eq(units.id, unitId))) as [{ tenantId: string }];
    const [role] = await db.select({ id: appObjects.id }).from(appObjects).where(eq(appObjects.code, 'SALES'));
    await db.execute(sql`
      insert into users (username, email, password_hash, unit_id, is_user_unit, first_name, last_name, full_name)
      select 'bulk.user' || i, 'bulk' || i || '@bulk.test', 'x', ${unitId}, true, 'Người', 'Dùng ' || i, 'Người Dùng ' || i
      from generate_series(1, ${ADDED}) i`);
    await db.execute(sql`
      insert into app_users (unit_id, service_id, user_id, role_id)
      select ${unitId}, ${crm}, id, ${role!.id} from users where username like 'bulk.user%'`);
    members = (await db.select({ id: appUsers.id }).from(appUsers).where(and(eq(appUsers.serviceId, crm), eq(appUsers.unitId, unitId)))).length;
  });
  afterAll(async () => {
    await t.close();
    bulkApp.close();
    plainApp.close();
  });

  it('sends one request a user to an app that offers no Bulk', async () => {
    const before = plainApp.scim.received.length;
    const { syncId } = await sync();
    expect(await finished(syncId)).toMatchObject({ failed: 0 });
    const writes = writesFrom(plainApp, before);
    expect(writes.filter((r) => r.method === 'POST')).toHaveLength(members);
    expect(writes.some((r) => r.viaBulk)).toBe(false);
    expect(plainApp.scim.bulkRequests).toEqual([]);
  });

  it('sends users in Bulk requests of at most maxOperations to an app that offers it, each created once', async () => {
    await useApp(bulkApp);
    const { syncId } = await sync();
    expect(await finished(syncId)).toMatchObject({ failed: 0 });
    const writes = writesFrom(bulkApp, 0);
    expect(writes.filter((r) => r.method === 'POST')).toHaveLength(members);
    expect(writes.every((r) => r.viaBulk)).toBe(true);
    expect(bulkApp.scim.bulkRequests.length).toBeGreaterThanOrEqual(Math.ceil(members / MAX_OPERATIONS));
    expect(Math.max(...bulkApp.scim.bulkRequests)).toBeLessThanOrEqual(MAX_OPERATIONS);
    expect(new Set(bulkApp.scim.resources(tenant, 'Users').map((u) => u.externalId)).size).toBe(members);
    // The portal kept the ids the app gave in its Bulk answer: the next sync replaces, never creates.
    const before = bulkApp.scim.received.length;
    const again = await sync();
    expect(await finished(again.syncId)).toMatchObject({ failed: 0 });
    expect(new Set(writesFrom(bulkApp, before).map((r) => r.method))).toEqual(new Set(['PUT']));
  });

  it('an operation the app refuses inside a Bulk request fails only its own user, with the app’s reason', async () => {
    bulkApp.scim.refuseUsers(['bulk.user3']);
    const { syncId } = await sync();
    const status = await finished(syncId);
    expect(status).toMatchObject({ failed: 1, retrying: 0 });
    expect(status.failures).toEqual([{ objectType: 'user', name: 'bulk.user3', error: { reason: 'refused', status: 400, detail: 'userName is not allowed here' } }]);
    bulkApp.scim.refuseUsers([]);
  });

  it('a Bulk request answered 429 is sent again after Retry-After, nothing failed or doubled', async () => {
    const before = bulkApp.scim.received.length;
    const requests = bulkApp.scim.bulkRequests.length;
    bulkApp.scim.throttle(1, '1');
    const { syncId } = await sync();
    expect(await finished(syncId)).toMatchObject({ failed: 0, retrying: 0 });
    expect(bulkApp.scim.throttled).toBe(1);
    const puts = writesFrom(bulkApp, before).map((r) => r.id);
    expect(puts).toHaveLength(members);
    expect(new Set(puts).size).toBe(members);
    expect(bulkApp.scim.bulkRequests.length - requests).toBeGreaterThanOrEqual(Math.ceil(members / MAX_OPERATIONS));
  });

  it('a burst of changes to one user while the app is down arrives once, as the last change left them, in its Bulk request', async () => {
    const [first] = await t.database.db.select().from(appUsers).where(and(eq(appUsers.serviceId, crm), eq(appUsers.unitId, unitId))).limit(1);
    const record = await admin.data(admin.get(`/api/AppUser/GetById/${first!.id}`));
    const [crmAdmin] = await t.database.db.select({ id: appObjects.id }).from(appObjects).where(eq(appObjects.code, 'CRM_ADMIN'));
    bulkApp.scim.setDown(true);
    await admin.data(admin.post('/api/AppUser/AddUpdate', { ...record, roleId: crmAdmin!.id }));
    await eventually(() => admin.data(admin.get(`/api/AppUser/GetById/${first!.id}`)), (r) => Boolean(r.lastError), 'the delivery error');
    // The second change keeps the first's role: the user's state is then both changes (whichever role the user had).
    await admin.data(admin.post('/api/AppUser/AddUpdate', { ...record, roleId: crmAdmin!.id, status: 0 }));
    const before = bulkApp.scim.received.length;
    bulkApp.scim.setDown(false);
    await eventually(() => admin.data(admin.get(`/api/AppUser/GetById/${first!.id}`)), (r) => r.syncState === 'synced', 'synced again', 60_000);
    const sent = writesFrom(bulkApp, before).filter((r) => r.id === first!.remoteId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'PUT', viaBulk: true, body: { active: false, roles: [{ value: 'CRM_ADMIN' }] } });
  });
});
