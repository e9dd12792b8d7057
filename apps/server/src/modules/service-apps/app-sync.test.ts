import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppSyncStatus } from '@portal/contracts';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { eventually } from '../../../test/eventually.ts';
import type { ScimApp } from '../../../test/scim-app.ts';
import { serveScimApp } from '../../../test/scim-service.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { units, users } from '../../db/schema/index.ts';

const TOKEN = 'scim-sync-token';

describe.each(DATABASE_KINDS)('"Sync" of a unit’s app on %s', (kind) => {
  let t: TestApp;
  let scim: ScimApp;
  let closeScim: () => void;
  let admin: Api;
  let crm: string;
  let tenant: string;
  /** The unit's users in CRM (demo data and the ones added here); the app refuses `refused`. */
  let members: string[];
  let refused: string;

  const sync = async () => (await admin.data(admin.post('/api/AppUser/Sync', { serviceId: crm }))) as { syncId: string; queued: number };
  const statusOf = (syncId: string) => admin.data(admin.post('/api/AppUser/GetSyncStatus', { syncId })) as Promise<AppSyncStatus>;
  const finished = (syncId: string) => eventually(() => statusOf(syncId), (status) => status.done, 'the sync to finish');
  const userNamesInApp = () => scim.resources(tenant, 'Users').map((user) => user.userName as string);

  beforeAll(async () => {
    t = await startTestApp(kind, { INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64') });
    ({ scim, crm, close: closeScim } = await serveScimApp(t, TOKEN));
    const actor = await signInActor(t, 'unitAdminA');
    admin = apiAs(t, actor.headers);
    [{ tenantId: tenant }] = (await t.database.db.select({ tenantId: units.tenantId }).from(units).where(eq(units.id, actor.unitId!))) as [{ tenantId: string }];
    // Everyone of the unit is a CRM user; the app refuses one of them.
    const unitUsers = await t.database.db.select({ id: users.id, username: users.username }).from(users).where(eq(users.unitId, actor.unitId!));
    const already = await admin.data(admin.post('/api/AppUser/Search', { pageIndex: 1, pageSize: 100, serviceId: crm }));
    const inCrm = new Set((already.records as { userId: string }[]).map((record) => record.userId));
    for (const user of unitUsers) if (!inCrm.has(user.id)) await admin.data(admin.post('/api/AppUser/AddUpdate', { serviceId: crm, userId: user.id }));
    members = unitUsers.map((user) => user.username).sort();
    refused = members[0]!;
    scim.refuseUsers([refused]);
  });
  afterAll(async () => {
    await t.close();
    closeScim();
  });

  it('ends with the objects the app refused, by name and with the app’s reason; the others are in the app', async () => {
    const { syncId, queued } = await sync();
    expect(queued).toBeGreaterThanOrEqual(members.length);
    const status = await finished(syncId);
    expect(status).toMatchObject({ total: queued, pending: 0, retrying: 0, failed: 1, delivered: queued - 1 });
    expect(status.failures).toEqual([{ objectType: 'user', name: refused, error: expect.stringContaining('userName is not allowed here') }]);
    expect(userNamesInApp().sort()).toEqual(members.filter((name) => name !== refused));
  });

  it('once the app accepts them, a new sync ends with everything delivered and the app matching the portal', async () => {
    scim.refuseUsers([]);
    const { syncId, queued } = await sync();
    expect(await finished(syncId)).toMatchObject({ total: queued, delivered: queued, failed: 0, failures: [] });
    expect(userNamesInApp().sort()).toEqual(members);
  });

  it('an add or edit the app refuses answers with errorCreateBaseApp, the app’s reason; one it takes answers null', async () => {
    const { records } = await admin.data(admin.post('/api/AppUser/Search', { pageIndex: 1, pageSize: 100, serviceId: crm }));
    const record = (records as { username: string }[]).find((r) => r.username === refused)!;
    scim.refuseUsers([refused]);
    const refusal = await admin.data(admin.post('/api/AppUser/AddUpdate', record));
    expect(refusal.errorCreateBaseApp).toContain('userName is not allowed here');
    scim.refuseUsers([]);
    expect(await admin.data(admin.post('/api/AppUser/AddUpdate', record))).toMatchObject({ errorCreateBaseApp: null });
    expect(userNamesInApp()).toContain(refused);
  });

  it('shows progress while the app is down: pending and retrying, not done', async () => {
    scim.setDown(true);
    try {
      const { syncId, queued } = await sync();
      const waiting = await eventually(() => statusOf(syncId), (status) => status.retrying > 0, 'a failed attempt');
      expect(waiting).toMatchObject({ total: queued, done: false, failed: 0 });
      expect(waiting.pending).toBeGreaterThan(0);
    } finally {
      scim.setDown(false);
    }
  });

  it('another unit’s admin cannot follow the sync, nor anyone an unknown one', async () => {
    const { syncId } = await sync();
    const other = apiAs(t, (await signInActor(t, 'unitAdminB')).headers);
    expect((await other.post('/api/AppUser/GetSyncStatus', { syncId })).statusCode).toBe(404);
    expect((await admin.post('/api/AppUser/GetSyncStatus', { syncId: randomUUID() })).statusCode).toBe(404);
  });

});
