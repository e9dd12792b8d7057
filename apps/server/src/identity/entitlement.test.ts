import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { exchangeCode, finishSignIn, interactionPost, signIn, startAuthorization, TestBrowser } from '../../test/oidc-client.ts';
import { DEMO_UNIT_ADMIN, DEMO_UNIT_USER, startTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app.ts';
import { appUsers, services, unitPackages, unitServices, units, users } from '../db/schema/index.ts';
import { manualClock } from '../platform/clock.ts';

const CRM_LINK = 'https://crm.example.test/';
const CRM_CALLBACK = 'https://crm.example.test/signin-callback';
const CRM = { clientId: 'CRM', redirectUri: CRM_CALLBACK, scope: 'openid profile email' };

describe.each(DATABASE_KINDS)('signing into a service app obeys what the unit bought, on %s', (kind) => {
  const clock = manualClock(new Date('2026-03-01T08:00:00Z'));
  let t: TestApp;
  let unitId: string;
  let crmId: string;
  let userId: string;

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { clock });
    const { db } = t.database;
    [{ id: crmId }] = (await db.update(services).set({ link: CRM_LINK, redirectLink: CRM_CALLBACK }).where(eq(services.code, 'CRM')).returning({ id: services.id })) as [{ id: string }];
    const [user] = await db.select({ id: users.id, unitId: users.unitId }).from(users).where(eq(users.username, DEMO_UNIT_USER.username));
    userId = user!.id;
    unitId = user!.unitId!;
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    const { db } = t.database;
    clock.set(new Date('2026-03-01T08:00:00Z'));
    // The pack runs from before the clock's day to after it (its start counts, as its end does).
    await db.update(unitPackages).set({ startsAt: new Date('2026-01-01T00:00:00Z'), endsAt: new Date('2026-03-10T00:00:00Z'), status: 1 }).where(eq(unitPackages.unitId, unitId));
    await db.delete(unitServices).where(eq(unitServices.unitId, unitId));
    await db.update(appUsers).set({ status: 1 }).where(and(eq(appUsers.userId, userId), eq(appUsers.serviceId, crmId)));
  });

  /** The service app's authorization request from a browser signed into the portal. */
  async function openCrm(browser: TestBrowser) {
    const started = await startAuthorization(browser, CRM);
    if (!started.uid) return { code: new URL(String(started.response.headers.location)).searchParams.get('code'), verifier: started.verifier };
    const details = await browser.request('GET', `/oidc/interaction/${started.uid}/details`, { headers: { 'accept-language': 'en' } });
    return { code: null, refusal: details.json() as { success: boolean; errorCode: number; busErrorMessage: string } };
  }

  it('signs a granted user of a unit with a usable pack in without a password', async () => {
    const portal = await signIn(t.app, DEMO_UNIT_USER);
    const opened = await openCrm(portal.browser);
    expect(opened.code).toBeTruthy();
    expect((await exchangeCode(portal.browser, opened.code!, opened.verifier!, CRM_CALLBACK, 'CRM')).statusCode).toBe(200);
  });

  it('refuses once the clock passes the pack’s expiry, with the specification’s message and no code', async () => {
    const portal = await signIn(t.app, DEMO_UNIT_USER);
    expect((await openCrm(portal.browser)).code).toBeTruthy();
    clock.set(new Date('2026-03-10T00:00:01Z'));
    const opened = await openCrm(portal.browser);
    expect(opened.code).toBeNull();
    expect(opened.refusal).toEqual({ success: false, errorCode: 9002, busErrorMessage: 'The service has expired. Please upgrade the service pack' });
  });

  it('refuses a paused pack, a unit without a pack holding the service, access turned off, and a user without a grant', async () => {
    const { db } = t.database;
    const portal = await signIn(t.app, DEMO_UNIT_USER);

    await db.update(appUsers).set({ status: 0 }).where(and(eq(appUsers.userId, userId), eq(appUsers.serviceId, crmId)));
    expect((await openCrm(portal.browser)).refusal).toMatchObject({ errorCode: 9162, busErrorMessage: 'You do not have permission to use this service' });

    await db.insert(unitServices).values({ unitId, serviceId: crmId, status: 0 });
    expect((await openCrm(portal.browser)).refusal).toMatchObject({ errorCode: 9164 });

    await db.update(unitPackages).set({ status: 0 }).where(eq(unitPackages.unitId, unitId));
    expect((await openCrm(portal.browser)).refusal).toMatchObject({ errorCode: 9002 });

    const packs = await db.select().from(unitPackages).where(eq(unitPackages.unitId, unitId));
    await db.delete(unitPackages).where(eq(unitPackages.unitId, unitId));
    expect((await openCrm(portal.browser)).refusal).toMatchObject({ errorCode: 9163 });
    await db.insert(unitPackages).values(packs);
  });

  it('checks a fresh sign-in too: the password is accepted, the service is not', async () => {
    clock.set(new Date('2026-04-01T00:00:00Z'));
    const browser = new TestBrowser(t.app);
    const { uid } = await startAuthorization(browser, CRM);
    const login = await interactionPost(browser, uid!, 'login', DEMO_UNIT_USER);
    expect(login.body).toMatchObject({ success: true, data: { status: 'done' } });
    const next = await browser.request('GET', login.body.data!.redirectTo!);
    const location = String(next.headers.location);
    expect(location).toMatch(/\/oidc\/interaction\//);
    expect(location).not.toContain('code=');
    const refusedUid = /\/oidc\/interaction\/([^/?]+)/.exec(location)![1]!;
    const details = await browser.request('GET', `/oidc/interaction/${refusedUid}/details`, { headers: { 'accept-language': 'vi' } });
    expect(details.json()).toEqual({ success: false, errorCode: 9002, busErrorMessage: 'Dịch vụ đã hết hạn. Vui lòng nâng cấp gói dịch vụ' });
  });

  it('never stops platform staff or the portal’s own client', async () => {
    clock.set(new Date('2027-01-01T00:00:00Z'));
    const staff = await signIn(t.app, TEST_ADMIN);
    expect((await openCrm(staff.browser)).code).toBeTruthy();
    // The unit's people still reach the portal itself after every pack expired.
    await expect(signIn(t.app, DEMO_UNIT_ADMIN)).resolves.toHaveProperty('access_token');
    const browser = new TestBrowser(t.app);
    const { uid, verifier } = await startAuthorization(browser);
    const login = await interactionPost(browser, uid!, 'login', DEMO_UNIT_USER);
    await expect(finishSignIn(browser, login.body.data!.redirectTo!, verifier)).resolves.toHaveProperty('access_token');
    expect((await t.database.db.select({ status: units.status }).from(units).where(eq(units.id, unitId)))[0]!.status).toBe(1);
  });
});
