import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { eventually } from '../../../test/eventually.ts';
import type { ScimApp } from '../../../test/scim-app.ts';
import { serveScimApp } from '../../../test/scim-service.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { appObjects, services, units, users } from '../../db/schema/index.ts';

const TOKEN = 'scim-test-token';

describe.each(DATABASE_KINDS)('provisioning into a service app by SCIM on %s', (kind) => {
  let t: TestApp;
  let scim: ScimApp;
  let closeScim: () => void;
  let admin: Api;
  let crm: string;
  let tenant: string;
  let objects: Record<string, string>;
  let member: { id: string; username: string };

  const usersInApp = () => scim.resources(tenant, 'Users');
  const userInApp = () => usersInApp().find((u) => u.externalId === member.id) as Record<string, any> | undefined; // eslint-disable-line @typescript-eslint/no-explicit-any -- SCIM resources are read loosely

  beforeAll(async () => {
    t = await startTestApp(kind, { INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64') });
    ({ scim, crm, close: closeScim } = await serveScimApp(t, TOKEN));
    const { db } = t.database;
    const actor = await signInActor(t, 'unitAdminA');
    admin = apiAs(t, actor.headers);
    [{ tenantId: tenant }] = (await db.select({ tenantId: units.tenantId }).from(units).where(eq(units.id, actor.unitId!))) as [{ tenantId: string }];
    const rows = await db.select().from(appObjects).where(and(eq(appObjects.unitId, actor.unitId!), eq(appObjects.serviceId, crm)));
    objects = Object.fromEntries(rows.map((row) => [row.code, row.id]));
    [member] = (await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.username, 'giang.minhphat'))) as [typeof member];
  });
  afterAll(async () => {
    await t.close();
    closeScim();
  });

  let appUserId: string;

  it('adds a unit user to the service: the app receives the user with role and profile, then the group with them in it', async () => {
    const saved = await admin.data(
      admin.post('/api/AppUser/AddUpdate', { serviceId: crm, userId: member.id, roleId: objects.SALES, profileId: objects.STANDARD, groupId: objects.SALES_TEAM }),
    );
    appUserId = saved.id;
    const user = await eventually(userInApp, (u) => u !== undefined, 'the SCIM user');
    expect(user).toMatchObject({
      userName: member.username,
      active: true,
      roles: [{ value: 'SALES', display: 'Nhân viên kinh doanh', primary: true }],
      entitlements: [{ value: 'STANDARD', type: 'profile' }],
      emails: [{ value: 'giang@minhphat.example.com', primary: true }],
    });
    const group = await eventually(
      () => scim.resources(tenant, 'Groups').find((g) => g.externalId === objects.SALES_TEAM) as Record<string, any> | undefined, // eslint-disable-line @typescript-eslint/no-explicit-any -- as above
      (g) => g?.members?.length === 1,
      'the SCIM group with its member',
    );
    expect(group).toMatchObject({ displayName: 'Nhóm kinh doanh', members: [{ value: user!.id }] });
    expect(await eventually(() => admin.data(admin.get(`/api/AppUser/GetById/${appUserId}`)), (r) => r.syncState === 'synced', 'synced state')).toMatchObject({
      roleName: 'Nhân viên kinh doanh',
      syncState: 'synced',
      lastError: null,
    });
  });

  it('while the app is down a change waits as pending with the error, and reaches the app exactly once when it is back', async () => {
    scim.setDown(true);
    const before = scim.received.length;
    const record = await admin.data(admin.get(`/api/AppUser/GetById/${appUserId}`));
    await admin.data(admin.post('/api/AppUser/AddUpdate', { ...record, roleId: objects.CRM_ADMIN }));
    const pending = await eventually(() => admin.data(admin.get(`/api/AppUser/GetById/${appUserId}`)), (r) => Boolean(r.lastError), 'the delivery error');
    expect(pending).toMatchObject({ syncState: 'pending', lastError: { reason: 'app_error', status: 503, detail: 'the app is down' } });
    // A second change waits behind the one already tried: the record still says why.
    await admin.data(admin.post('/api/AppUser/AddUpdate', { ...pending, roleId: objects.CRM_ADMIN }));
    expect(await admin.data(admin.get(`/api/AppUser/GetById/${appUserId}`))).toMatchObject({ syncState: 'pending', lastError: { reason: 'app_error', status: 503 } });
    expect(userInApp()!.roles[0].value).toBe('SALES');

    scim.setDown(false);
    await eventually(userInApp, (u) => u?.roles[0]?.value === 'CRM_ADMIN', 'the role change in the app');
    await eventually(() => admin.data(admin.get(`/api/AppUser/GetById/${appUserId}`)), (r) => r.syncState === 'synced', 'synced again');
    const writes = scim.received.slice(before).filter((r) => r.type === 'Users' && r.method !== 'GET');
    expect(writes.map((r) => r.method)).toEqual(['PUT']);
  });

  it('locking the portal user deactivates them in the app; unlocking brings them back', async () => {
    const unitAdmin = apiAs(t, (await signInActor(t, 'unitAdminA')).headers);
    await unitAdmin.data(unitAdmin.post('/api/User/UpdateStatusUser', { id: member.id, status: 5 }));
    await eventually(userInApp, (u) => u?.active === false, 'deactivation in the app');
    await unitAdmin.data(unitAdmin.post('/api/User/UpdateStatusUser', { id: member.id, status: 1 }));
    await eventually(userInApp, (u) => u?.active === true, 'reactivation in the app');
  });

  it('removing the user from the service deactivates them there and takes them out of the group', async () => {
    await admin.data(admin.delete(`/api/AppUser/Delete/${appUserId}`));
    await eventually(userInApp, (u) => u?.active === false, 'deactivation after removal');
    await eventually(
      () => scim.resources(tenant, 'Groups').find((g) => g.externalId === objects.SALES_TEAM) as Record<string, any> | undefined, // eslint-disable-line @typescript-eslint/no-explicit-any -- as above
      (g) => g?.members?.length === 0,
      'the group without them',
    );
  });

  it('refuses a user of another unit and a role of another service', async () => {
    const [other] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'giang.saoviet'));
    expect((await admin.post('/api/AppUser/AddUpdate', { serviceId: crm, userId: other!.id })).statusCode).toBe(400);
    const [ic] = await t.database.db.select({ id: services.id }).from(services).where(eq(services.code, 'IC'));
    const refused = await admin.post('/api/AppUser/AddUpdate', { serviceId: ic!.id, userId: member.id, roleId: objects.SALES });
    expect(refused.statusCode).toBe(400);
  });
});
