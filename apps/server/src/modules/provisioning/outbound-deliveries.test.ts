import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { eventually } from '../../../test/eventually.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { integrations, provisioningOutbox, services, users } from '../../db/schema/index.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { DELIVERY_STATUS, enqueueDeliveries } from '../../platform/outbox/provisioning-queue.ts';

const SECRET = 'internal-only: the inside of the network';

/** A stand-in for whatever answers inside the network: each request gets the current reply, and is counted. */
async function insideService() {
  let reply = { status: 500, type: 'text/html', body: `<html><body>${SECRET}</body></html>` };
  let requests = 0;
  const server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(reply.status, { 'content-type': reply.type }).end(reply.body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/scim/v2/{tenant}`,
    answer: (status: number, body: unknown, type = 'application/scim+json') => (reply = { status, type, body: typeof body === 'string' ? body : JSON.stringify(body) }),
    requests: () => requests,
    close: () => server.close(),
  };
}

const scimError = (status: number, detail: string) => ({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: String(status), detail });

describe.each(DATABASE_KINDS)('deliveries to an app the portal may or may not call, on %s', (kind) => {
  /** Sets the CRM service's default integration to `url` straight in the database (as an older row, or one whose name now resolves inward). */
  async function pointCrmAt(t: TestApp, url: string) {
    const { db } = t.database;
    const [crm] = await db.select({ id: services.id }).from(services).where(eq(services.code, 'CRM'));
    await db.delete(integrations).where(eq(integrations.serviceId, crm!.id));
    await db.insert(integrations).values({ serviceId: crm!.id, scimEndpoint: url, backchannelLogoutUri: url.replace('/scim/v2/{tenant}', '/logout'), credentialCipher: createSecretBox(t.config).seal('token') });
    // An OIDC client of the portal, so the provider can tell it of a sign-out.
    await db.update(services).set({ link: 'https://crm.example.test/', redirectLink: 'https://crm.example.test/signin-callback' }).where(eq(services.id, crm!.id));
    return crm!.id;
  }

  /** A back-channel logout queued for the CRM app, as a sign-out queues it; answers how its delivery ended. */
  async function logoutDelivery(t: TestApp) {
    const [id] = await enqueueDeliveries(t.database.db, [{ unitId: null, serviceId: null, objectType: 'logout', objectId: 'CRM:sid-1', payload: { clientId: 'CRM', sub: await memberId(t), sid: 'sid-1' } }]);
    t.app.portal.kickProvisioning();
    const read = async () => (await t.database.db.select().from(provisioningOutbox).where(eq(provisioningOutbox.id, id!)))[0]!;
    return eventually(read, (row) => row.status !== DELIVERY_STATUS.pending || row.lastError !== null, 'the logout delivery');
  }

  async function memberId(t: TestApp, username = 'giang.minhphat') {
    const [member] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    return member!.id;
  }

  describe('without OUTBOUND_ALLOWED_HOSTS', () => {
    let t: TestApp;
    let inside: Awaited<ReturnType<typeof insideService>>;
    let unitAdmin: Api;
    let platform: Api;

    beforeAll(async () => {
      t = await startTestApp(kind, { INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64'), OUTBOUND_ALLOWED_HOSTS: '' });
      inside = await insideService();
      unitAdmin = apiAs(t, (await signInActor(t, 'unitAdminA')).headers);
      platform = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
    });
    afterAll(async () => {
      await t.close();
      inside.close();
    });

    it.each([
      ['loopback', 'http://127.0.0.1:8080/scim'],
      ['the metadata address', 'http://169.254.169.254/latest/meta-data'],
      ['its IPv4-mapped IPv6 form', 'http://[::ffff:a9fe:a9fe]/latest'],
      ['a numeric form of loopback', 'http://0x7f000001/scim'],
      ['a name of this machine', 'http://localhost:22/'],
      ['a private network', 'https://10.0.0.8/scim/v2/{tenant}'],
    ])('refuses to save an integration pointing at %s, naming the field, and keeps nothing', async (_what, url) => {
      const [{ id: crm }] = (await t.database.db.select({ id: services.id }).from(services).where(eq(services.code, 'IC'))) as [{ id: string }];
      const before = await t.database.db.select({ id: integrations.id }).from(integrations);
      for (const field of ['scimEndpoint', 'backchannelLogoutUri']) {
        const answer = await platform.post('/api/IntegrateDefault/Create', { serviceId: crm, [field]: url, enabled: true, credential: 'x' });
        expect(answer.json()).toMatchObject({ success: false, errorCode: 9190, errors: [{ field: `body.${field}`, message: 'address_not_allowed' }] });
      }
      expect(await t.database.db.select({ id: integrations.id }).from(integrations)).toEqual(before);
    });

    it('does not call an internal address saved before (or rebound since): the delivery fails at once, in the portal’s words, and the app is never reached', async () => {
      const crm = await pointCrmAt(t, inside.url);
      const saved = await unitAdmin.data(unitAdmin.post('/api/AppUser/AddUpdate', { serviceId: crm, userId: await memberId(t) }));
      expect(saved.errorCreateBaseApp).toEqual({ reason: 'address_refused', status: null, detail: null });
      // The unit's administrator sees why, as the portal says it: no address, nothing the network said.
      const record = await unitAdmin.data(unitAdmin.get(`/api/AppUser/GetById/${saved.id}`));
      expect(record).toMatchObject({ syncState: 'failed', lastError: { reason: 'address_refused', status: null, detail: null } });
      expect(JSON.stringify(record)).not.toContain('127.0.0.1');
      expect(inside.requests()).toBe(0);
    });

    it("does not send the provider's back-channel logout to an internal address either", async () => {
      await pointCrmAt(t, inside.url);
      const delivery = await logoutDelivery(t);
      expect(delivery.status).toBe(DELIVERY_STATUS.failed);
      expect(JSON.parse(delivery.lastError!)).toEqual({ reason: 'address_refused', status: null, detail: null });
      expect(inside.requests()).toBe(0);
    });
  });

  describe('with the app named in OUTBOUND_ALLOWED_HOSTS', () => {
    let t: TestApp;
    let inside: Awaited<ReturnType<typeof insideService>>;
    let unitAdmin: Api;
    let crm: string;
    let appUserId: string;

    beforeAll(async () => {
      t = await startTestApp(kind, { INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64') });
      inside = await insideService();
      unitAdmin = apiAs(t, (await signInActor(t, 'unitAdminA')).headers);
      crm = await pointCrmAt(t, inside.url);
    });
    afterAll(async () => {
      await t.close();
      inside.close();
    });


    it('an answer that is not a SCIM error leaves only its status: the body never comes back', async () => {
      const saved = await unitAdmin.data(unitAdmin.post('/api/AppUser/AddUpdate', { serviceId: crm, userId: await memberId(t) }));
      appUserId = saved.id;
      const pending = await eventually(() => unitAdmin.data(unitAdmin.get(`/api/AppUser/GetById/${appUserId}`)), (r) => r.lastError !== null, 'the failed attempt');
      expect(pending).toMatchObject({ syncState: 'pending', lastError: { reason: 'app_error', status: 500, detail: null } });
      const [row] = await t.database.db.select({ lastError: provisioningOutbox.lastError }).from(provisioningOutbox).where(and(eq(provisioningOutbox.objectType, 'user'), eq(provisioningOutbox.objectId, appUserId)));
      expect(row!.lastError).not.toContain(SECRET);
      expect(JSON.stringify(pending)).not.toContain(SECRET);
      expect(inside.requests()).toBeGreaterThan(0);
    });

    it("delivers the provider's back-channel logout to the named app, and records only the status of its refusal", async () => {
      inside.answer(200, '');
      const before = inside.requests();
      expect((await logoutDelivery(t)).status).toBe(DELIVERY_STATUS.delivered);
      expect(inside.requests()).toBe(before + 1);
      inside.answer(500, `<p>${SECRET}</p>`, 'text/html');
      const refused = await logoutDelivery(t);
      expect(JSON.parse(refused.lastError!)).toEqual({ reason: 'app_error', status: 500, detail: null });
    });

    it("a SCIM error's detail is kept, cut to 200 characters and storable; a JSON answer of another kind gives none", async () => {
      // Each case is a user of its own: a user's later change waits behind its earlier one's retry.
      const firstAnswer = async (username: string) =>
        (await unitAdmin.data(unitAdmin.post('/api/AppUser/AddUpdate', { serviceId: crm, userId: await memberId(t, username) }))) as { id: string; errorCreateBaseApp: Record<string, unknown> | null };

      inside.answer(409, scimError(409, `userName is taken\u0000${'x'.repeat(300)}`));
      const refused = await firstAnswer('chi.minhphat');
      expect(refused.errorCreateBaseApp).toEqual({ reason: 'refused', status: 409, detail: `userName is taken${'x'.repeat(183)}` });

      inside.answer(422, { detail: SECRET, message: SECRET });
      expect((await firstAnswer('dung.minhphat')).errorCreateBaseApp).toEqual({ reason: 'refused', status: 422, detail: null });

      // Not a refusal of the data: retried, and the record says why meanwhile.
      // A user already in the service (demo data): its edit is delivered like an add.
      inside.answer(401, scimError(401, 'bad token'));
      const { records } = await unitAdmin.data(unitAdmin.post('/api/AppUser/Search', { pageIndex: 1, pageSize: 100, serviceId: crm }));
      const existing = (records as { username: string }[]).find((record) => record.username === 'binh.minhphat')!;
      const unauthorized = (await unitAdmin.data(unitAdmin.post('/api/AppUser/AddUpdate', existing))) as { id: string; errorCreateBaseApp: unknown };
      expect(unauthorized.errorCreateBaseApp).toBeNull();
      expect(await eventually(() => unitAdmin.data(unitAdmin.get(`/api/AppUser/GetById/${unauthorized.id}`)), (r) => r.lastError !== null, 'the refused credential')).toMatchObject({
        syncState: 'pending',
        lastError: { reason: 'unauthorized', status: 401, detail: 'bad token' },
      });
    });
  });
});
