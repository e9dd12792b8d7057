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
import { SCIM_SCHEMAS } from '../provisioning/scim-client.ts';

const TOKEN = 'scim-sync-token';
/** SYNC_CONCURRENCY of this suite's server: the app never has more of its requests at once. */
const CONCURRENCY = 3;

describe.each(DATABASE_KINDS)('"Sync" of a unit’s app on %s', (kind) => {
  let t: TestApp;
  let scim: ScimApp;
  let closeScim: () => void;
  let endpoint: string;
  let admin: Api;
  let crm: string;
  let tenant: string;
  /** The unit's users in CRM (demo data and the ones added here); the app refuses `refused`. */
  let members: string[];
  let refused: string;

  const sync = async () => (await admin.data(admin.post('/api/AppUser/Sync', { serviceId: crm }))) as { syncId: string; queued: number };
  const statusOf = (syncId: string) => admin.data(admin.post('/api/AppUser/GetSyncStatus', { syncId })) as Promise<AppSyncStatus>;
  const finished = (syncId: string) => eventually(() => statusOf(syncId), (status) => status.done, 'the sync to finish');
  /** What the app gets from elsewhere than the portal (its own users, another client's). */
  const addToApp = async (type: 'Users' | 'Groups', resource: Record<string, unknown>) => {
    const response = await fetch(`${endpoint.replace('{tenant}', tenant)}/${type}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify(resource),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const userNamesInApp = () => scim.resources(tenant, 'Users').map((user) => user.userName as string);

  beforeAll(async () => {
    t = await startTestApp(kind, { INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64'), SYNC_CONCURRENCY: String(CONCURRENCY) });
    ({ scim, crm, endpoint, close: closeScim } = await serveScimApp(t, TOKEN));
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
    expect(status.failures).toEqual([{ objectType: 'user', name: refused, error: { reason: 'refused', status: 400, detail: 'userName is not allowed here' } }]);
    expect(userNamesInApp().sort()).toEqual(members.filter((name) => name !== refused));
  });

  it('once the app accepts them, a new sync ends with everything delivered and the app matching the portal', async () => {
    scim.refuseUsers([]);
    const { syncId, queued } = await sync();
    expect(await finished(syncId)).toMatchObject({ total: queued, delivered: queued, failed: 0, failures: [] });
    expect(userNamesInApp().sort()).toEqual(members);
  });

  it('sends several requests at once, never more than SYNC_CONCURRENCY, and waits out the app’s 429s without failing anything', async () => {
    // Each request takes the app a while, so requests sent together overlap in it.
    scim.setLatency(30);
    scim.resetMostInFlight();
    const throttledBefore = scim.throttled;
    // Retry-After: 0 — the wait itself is the throttle test's (scim-throttle.test.ts); here, that the sync goes on.
    scim.throttle(4, '0');
    try {
      const { syncId, queued } = await sync();
      expect(await finished(syncId)).toMatchObject({ total: queued, delivered: queued, failed: 0, retrying: 0 });
      expect(scim.throttled - throttledBefore).toBe(4);
      expect(scim.mostInFlight).toBeLessThanOrEqual(CONCURRENCY);
      expect(scim.mostInFlight).toBeGreaterThan(1);
      expect(userNamesInApp().sort()).toEqual(members);
    } finally {
      scim.setLatency(0);
      scim.throttle(0);
    }
  });

  it('takes out of the app, through every page of its list, the users and groups the portal does not hold; a second sync changes nothing', async () => {
    const [stranger] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'giang.saoviet'));
    // More than a page of the app's list (it answers 50 at most): its own accounts, another
    // unit's user, ids the portal never had, one already inactive, and a group of its own.
    const strayUsers: string[] = [];
    for (let n = 0; n < 60; n++) {
      const externalId = n === 0 ? stranger!.id : n % 2 === 0 ? randomUUID() : undefined;
      strayUsers.push(await addToApp('Users', { schemas: [SCIM_SCHEMAS.user], userName: `stray.${n}`, externalId, active: true }));
    }
    const inactive = await addToApp('Users', { schemas: [SCIM_SCHEMAS.user], userName: 'stray.inactive', externalId: randomUUID(), active: false });
    const strayGroup = await addToApp('Groups', { schemas: [SCIM_SCHEMAS.group], displayName: 'Nhóm lạ', externalId: randomUUID(), members: [] });
    const before = scim.received.length;

    const { syncId, queued } = await sync();
    // The sweeps' finds join the job: 60 users to deactivate and a group to delete.
    expect(await finished(syncId)).toMatchObject({ total: queued + 61, delivered: queued + 61, pending: 0, failed: 0, failures: [] });
    const inApp = new Map(scim.resources(tenant, 'Users').map((user) => [user.id, user]));
    expect(strayUsers.filter((id) => inApp.get(id)?.active !== false)).toEqual([]);
    expect(scim.resources(tenant, 'Groups').map((group) => group.id)).not.toContain(strayGroup);
    // The portal's users stay, active; the inactive stray is left alone.
    expect(scim.resources(tenant, 'Users').filter((user) => user.active).map((user) => user.userName as string).sort()).toEqual(members);
    const writes = scim.received.slice(before);
    expect(writes.filter((request) => request.id === inactive)).toEqual([]);
    expect(writes.filter((request) => request.method === 'PATCH')).toHaveLength(60);
    expect(writes.filter((request) => request.method === 'DELETE')).toHaveLength(1);

    const state = JSON.stringify([scim.resources(tenant, 'Users'), scim.resources(tenant, 'Groups')]);
    const again = scim.received.length;
    const second = await sync();
    expect(await finished(second.syncId)).toMatchObject({ total: second.queued, delivered: second.queued, failed: 0 });
    expect(JSON.stringify([scim.resources(tenant, 'Users'), scim.resources(tenant, 'Groups')])).toBe(state);
    expect(scim.received.slice(again).filter((request) => request.method !== 'PUT')).toEqual([]);
  });

  it('an app that cannot list its tenant gets every user and group, and the sync names the two listings that failed and why', async () => {
    scim.refuseListing(true);
    try {
      const { syncId, queued } = await sync();
      const status = await finished(syncId);
      expect(status).toMatchObject({ total: queued, delivered: queued - 2, failed: 2 });
      expect(status.failures).toEqual([
        { objectType: 'userList', name: '', error: { reason: 'refused', status: 501, detail: 'listing is not implemented' } },
        { objectType: 'groupList', name: '', error: { reason: 'refused', status: 501, detail: 'listing is not implemented' } },
      ]);
    } finally {
      scim.refuseListing(false);
    }
  });

  it('an add or edit the app refuses answers with errorCreateBaseApp, the app’s reason; one it takes answers null', async () => {
    const { records } = await admin.data(admin.post('/api/AppUser/Search', { pageIndex: 1, pageSize: 100, serviceId: crm }));
    const record = (records as { username: string }[]).find((r) => r.username === refused)!;
    scim.refuseUsers([refused]);
    const refusal = await admin.data(admin.post('/api/AppUser/AddUpdate', record));
    expect(refusal.errorCreateBaseApp).toEqual({ reason: 'refused', status: 400, detail: 'userName is not allowed here' });
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
