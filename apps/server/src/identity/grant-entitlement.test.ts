import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiAs } from '../../test/api.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { bearer, exchangeCode, refresh, signIn, startAuthorization } from '../../test/oidc-client.ts';
import { CRM_APP, registerCrmApp, serviceAppTokens } from '../../test/service-client.ts';
import { DEMO_UNIT_ADMIN, DEMO_UNIT_USER, startTestApp, type TestApp } from '../../test/test-app.ts';
import { appUsers, oidcPayloads, unitPackages, users } from '../db/schema/index.ts';
import { manualClock } from '../platform/clock.ts';

const NOW = new Date('2026-03-01T08:00:00Z');

/** One rule at every grant: the code exchange and each refresh of a service client ask what its authorization asked. */
describe.each(DATABASE_KINDS)('the entitlement at every grant of a service client, on %s', (kind) => {
  const clock = manualClock(NOW);
  let t: TestApp;
  let crmId: string;
  let unitId: string;
  let userId: string;
  let adminId: string;

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { clock });
    crmId = await registerCrmApp(t);
    const { db } = t.database;
    const [user] = await db.select({ id: users.id, unitId: users.unitId }).from(users).where(eq(users.username, DEMO_UNIT_USER.username));
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, DEMO_UNIT_ADMIN.username));
    [userId, unitId, adminId] = [user!.id, user!.unitId!, admin!.id];
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    const { db } = t.database;
    clock.set(NOW);
    await db.update(unitPackages).set({ startsAt: new Date('2026-01-01T00:00:00Z'), endsAt: new Date('2026-03-10T00:00:00Z'), status: 1, seats: null }).where(eq(unitPackages.unitId, unitId));
    await db.update(appUsers).set({ status: 1 }).where(and(eq(appUsers.unitId, unitId), eq(appUsers.serviceId, crmId)));
    await db.update(users).set({ status: 1 }).where(eq(users.id, userId));
  });

  async function crmSession(account: { username: string; password: string } = DEMO_UNIT_USER) {
    const { response, tokens, browser } = await serviceAppTokens(t, account);
    expect(response.statusCode, response.body).toBe(200);
    return { browser, refreshToken: tokens.refresh_token! };
  }
  const grantsOf = async (accountId: string) =>
    (await t.database.db.select({ id: oidcPayloads.id }).from(oidcPayloads).where(and(eq(oidcPayloads.type, 'Grant'), eq(oidcPayloads.accountId, accountId)))).map((row) => row.id);

  /** Refreshes once the state changed: invalid_grant, the grant gone, and no way back when the state is restored. */
  async function expectRefusedAndRevoked(change: () => Promise<void>, restore: () => Promise<void>) {
    const { browser, refreshToken } = await crmSession();
    const renewed = await refresh(browser, refreshToken, CRM_APP.clientId);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const grants = await grantsOf(userId);
    await change();
    const refused = await refresh(browser, renewed.json().refresh_token, CRM_APP.clientId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('invalid_grant');
    expect((await grantsOf(userId)).filter((id) => grants.includes(id))).toHaveLength(grants.length - 1);
    await restore();
    expect((await refresh(browser, renewed.json().refresh_token, CRM_APP.clientId)).json().error).toBe('invalid_grant');
  }

  it('refuses the refresh once the pack has ended, and revokes the grant', async () => {
    await expectRefusedAndRevoked(
      async () => clock.set(new Date('2026-03-10T00:00:01Z')),
      async () => clock.set(NOW),
    );
  });

  it('refuses the refresh while the pack has not started, and the sign-in says so', async () => {
    const later = new Date('2026-03-05T00:00:00Z');
    await expectRefusedAndRevoked(
      async () => {
        await t.database.db.update(unitPackages).set({ startsAt: later }).where(eq(unitPackages.unitId, unitId));
      },
      async () => {},
    );
    const portal = await signIn(t.app, DEMO_UNIT_USER);
    const started = await startAuthorization(portal.browser, { clientId: CRM_APP.clientId, redirectUri: CRM_APP.redirectUri, scope: 'openid' });
    const details = await portal.browser.request('GET', `/oidc/interaction/${started.uid}/details`, { headers: { 'accept-language': 'en' } });
    expect(details.json()).toMatchObject({ success: false, errorCode: 9172 });
  });

  it("refuses the refresh once the user's grant is switched off", async () => {
    const grant = and(eq(appUsers.userId, userId), eq(appUsers.serviceId, crmId));
    await expectRefusedAndRevoked(
      async () => {
        await t.database.db.update(appUsers).set({ status: 0 }).where(grant);
      },
      async () => {
        await t.database.db.update(appUsers).set({ status: 1 }).where(grant);
      },
    );
  });

  it('refuses the refresh once the user is locked', async () => {
    await expectRefusedAndRevoked(
      async () => {
        await t.database.db.update(users).set({ status: 5 }).where(eq(users.id, userId));
      },
      async () => {
        await t.database.db.update(users).set({ status: 1 }).where(eq(users.id, userId));
      },
    );
  });

  it('refuses the code exchange when the pack ends between the authorization and the exchange', async () => {
    const portal = await signIn(t.app, DEMO_UNIT_USER);
    const started = await startAuthorization(portal.browser, { clientId: CRM_APP.clientId, redirectUri: CRM_APP.redirectUri, scope: 'openid' });
    const code = new URL(String(started.response.headers.location)).searchParams.get('code')!;
    clock.set(new Date('2026-03-11T00:00:00Z'));
    const exchanged = await exchangeCode(portal.browser, code, started.verifier, CRM_APP.redirectUri, CRM_APP.clientId);
    expect(exchanged.json().error).toBe('invalid_grant');
  });

  it('gives the seats to the users granted first when a pack has fewer seats than grants', async () => {
    const { db } = t.database;
    await db.update(appUsers).set({ createdAt: new Date('2026-01-02T00:00:00Z') }).where(and(eq(appUsers.userId, adminId), eq(appUsers.serviceId, crmId)));
    await db.update(appUsers).set({ createdAt: new Date('2026-01-03T00:00:00Z') }).where(and(eq(appUsers.userId, userId), eq(appUsers.serviceId, crmId)));
    const admin = await crmSession(DEMO_UNIT_ADMIN);
    const user = await crmSession(DEMO_UNIT_USER);
    await db.update(unitPackages).set({ seats: 1 }).where(eq(unitPackages.unitId, unitId));
    expect((await refresh(admin.browser, admin.refreshToken, CRM_APP.clientId)).statusCode).toBe(200);
    expect((await refresh(user.browser, user.refreshToken, CRM_APP.clientId)).json().error).toBe('invalid_grant');
    const portal = await signIn(t.app, DEMO_UNIT_USER);
    const started = await startAuthorization(portal.browser, { clientId: CRM_APP.clientId, redirectUri: CRM_APP.redirectUri, scope: 'openid' });
    const details = await portal.browser.request('GET', `/oidc/interaction/${started.uid}/details`, { headers: { 'accept-language': 'en' } });
    expect(details.json()).toMatchObject({ success: false, errorCode: 9173 });
    // The app list says the same: the app is the seated user's to open, not the other's.
    const apps = async (account: { username: string; password: string }) => {
      const api = apiAs(t, bearer((await signIn(t.app, account)).access_token));
      return ((await api.data(api.get('/api/User/GetListBaseApp'))) as { baseAppCode: string }[]).map((app) => app.baseAppCode);
    };
    expect(await apps(DEMO_UNIT_ADMIN)).toContain('CRM');
    expect(await apps(DEMO_UNIT_USER)).not.toContain('CRM');
  });

  it('counts a pack from its start in the app list, the upgrade page and the dashboard', async () => {
    const { db } = t.database;
    const user = apiAs(t, bearer((await signIn(t.app, DEMO_UNIT_USER)).access_token));
    const admin = apiAs(t, bearer((await signIn(t.app, DEMO_UNIT_ADMIN)).access_token));
    const crmApp = async () => ((await user.data(user.get('/api/User/GetListBaseApp'))) as { baseAppCode: string; channelPackageStatus: number }[]).find((app) => app.baseAppCode === 'CRM');
    const crmOffer = async () => ((await admin.data(admin.get(`/api/Unit/GetPackageChannelOfUnit/${unitId}`))).services as { code: string; state: string; startsAt: string | null }[]).find((service) => service.code === 'CRM');
    const crmUnits = async () =>
      ((await admin.data(admin.post('/api/Dashboard/ActivityStatisticUnit', { fromDate: '2026-02-01', toDate: '2026-03-01', unitRequest: unitId }))).numberChannelsAciveByUnit as { serviceCode: string; numberOfUnits: number }[]).find(
        (row) => row.serviceCode === 'CRM',
      )!.numberOfUnits;
    expect((await crmApp())?.channelPackageStatus).toBe(1);
    expect(await crmOffer()).toMatchObject({ state: 'held', startsAt: null });
    expect(await crmUnits()).toBe(1);

    await db.update(unitPackages).set({ startsAt: new Date('2026-03-05T00:00:00Z') }).where(eq(unitPackages.unitId, unitId));
    expect((await crmApp())?.channelPackageStatus).toBe(0);
    expect(await crmOffer()).toMatchObject({ state: 'upcoming', startsAt: '2026-03-05T00:00:00.000Z' });
    expect(await crmUnits()).toBe(0);
  });
});
