import { and, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { exchangeCode, signIn, startAuthorization } from '../../../test/oidc-client.ts';
import { DEMO_UNIT_ADMIN, DEMO_UNIT_USER, startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.ts';
import { activityCounters, activityDevices, services, units, userDevices, users } from '../../db/schema/index.ts';
import { countActivity, rebuildActivityCounters } from './activity-counters.ts';
import { activityDay, startOfDay } from './activity-day.ts';

const CRM_CALLBACK = 'https://crm.example.test/signin-callback';

describe.each(DATABASE_KINDS)('dashboards on %s', (kind) => {
  let t: TestApp;
  let platformToken: string;
  const today = activityDay(new Date());
  const lastTwoWeeks = { fromDate: activityDay(new Date(Date.now() - 14 * 86_400_000)), toDate: today };

  beforeAll(async () => {
    t = await startTestApp(kind);
    // The CRM service as a second app of the suite, signing in through the portal.
    await t.database.db.update(services).set({ link: 'https://crm.example.test/', redirectLink: CRM_CALLBACK }).where(eq(services.code, 'CRM'));
    platformToken = (await signIn(t.app, TEST_ADMIN)).access_token;
  });
  afterAll(() => t.close());

  const unitIdOf = async (name: string) => (await t.database.db.select({ id: units.id }).from(units).where(eq(units.name, name)))[0]!.id;
  const platform = async (body: object) => (await callApi(t.app, platformToken, '/api/Dashboard/ActivityStatisticUnit', body)).json().data;
  const todayOf = (series: { date: string; signIn: number }[]) => series.find((day) => day.date === today)!.signIn;

  it("answers the platform's figures from the demo's two weeks of sign-ins", async () => {
    const figures = await platform(lastTwoWeeks);
    expect(figures.activityStatisticsInTime).toHaveLength(15);
    expect(figures.numberUserSignIn).toBeGreaterThan(50);
    expect(figures.numberUserSignIn).toBe(figures.activityStatisticsInTime.reduce((sum: number, day: { signIn: number }) => sum + day.signIn, 0));
    expect(figures.totalUnit).toBeGreaterThanOrEqual(3);
    expect(figures.numberUnitsActive).toBeLessThanOrEqual(figures.totalUnit);
    expect(figures.totalUser).toBeGreaterThan(10);
    const crm = figures.numberChannelsAciveByUnit.find((service: { serviceCode: string }) => service.serviceCode === 'CRM');
    expect(crm.numberOfUnits).toBeGreaterThan(0);
    expect(crm.numberOfAccesses).toBeGreaterThan(0);
  });

  it("counts units and users as the tables hold them, platform-wide and for one unit", async () => {
    const { db } = t.database;
    const minhPhat = await unitIdOf('Công ty TNHH Minh Phát');
    const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: { n: number | string }[] }).rows[0]!.n;
    const all = await platform(lastTwoWeeks);
    expect(all).toMatchObject({
      totalUnit: Number(await rows(sql`select count(*) n from units`)),
      numberUnitsActive: Number(await rows(sql`select count(*) n from units where status = 1`)),
      numberOfUnitsImplementation: Number(await rows(sql`select count(*) n from units where status = 1 and is_trial`)),
      totalUser: Number(await rows(sql`select count(*) n from users`)),
      numberUserActive: Number(await rows(sql`select count(*) n from users where status = 1`)),
      numberOfUserJustAddInDay: Number(await rows(sql`select count(*) n from users where created_at >= ${startOfDay(today).toISOString()}`)),
    });
    expect(all.numberOfUserJustAddInDay).toBeGreaterThan(0);
    const one = await platform({ ...lastTwoWeeks, unitRequest: minhPhat });
    expect(one).toMatchObject({
      totalUnit: 1,
      totalUser: Number(await rows(sql`select count(*) n from users where unit_id = ${minhPhat}`)),
      numberUserActive: Number(await rows(sql`select count(*) n from users where unit_id = ${minhPhat} and status = 1`)),
    });
  });

  it('counts a sign-in, a service access and a sign-out as they happen, in the unit and on the platform', async () => {
    const minhPhat = await unitIdOf('Công ty TNHH Minh Phát');
    const saoViet = await unitIdOf('Công ty Cổ phần Sao Việt');
    const before = { all: await platform(lastTwoWeeks), own: await platform({ ...lastTwoWeeks, unitRequest: minhPhat }), other: await platform({ ...lastTwoWeeks, unitRequest: saoViet }) };

    // The unit's administrator holds a CRM account (the demo's app users).
    const user = await signIn(t.app, DEMO_UNIT_ADMIN);
    const { response, verifier } = await startAuthorization(user.browser, { clientId: 'CRM', redirectUri: CRM_CALLBACK, scope: 'openid profile email' });
    const code = new URL(String(response.headers.location)).searchParams.get('code')!;
    expect((await exchangeCode(user.browser, code, verifier, CRM_CALLBACK, 'CRM')).statusCode).toBe(200);

    const after = { all: await platform(lastTwoWeeks), own: await platform({ ...lastTwoWeeks, unitRequest: minhPhat }), other: await platform({ ...lastTwoWeeks, unitRequest: saoViet }) };
    expect(todayOf(after.all.activityStatisticsInTime)).toBe(todayOf(before.all.activityStatisticsInTime) + 1);
    expect(after.own.numberUserSignIn).toBe(before.own.numberUserSignIn + 1);
    expect(after.other.numberUserSignIn).toBe(before.other.numberUserSignIn);
    const crmAccesses = (figures: { numberChannelsAciveByUnit: { serviceCode: string; numberOfAccesses: number }[] }) =>
      figures.numberChannelsAciveByUnit.find((service) => service.serviceCode === 'CRM')!.numberOfAccesses;
    // The provider's authorization event counts the access after its redirect: it lands moments later.
    await expect.poll(async () => crmAccesses(await platform({ ...lastTwoWeeks, unitRequest: minhPhat }))).toBe(crmAccesses(before.own) + 1);

    const unitBefore = (await callApi(t.app, user.access_token, '/api/Dashboard/ActivityStatisticsByUser', lastTwoWeeks)).json().data;
    const logout = await user.browser.request('GET', `/oidc/session/end?id_token_hint=${user.id_token}`);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(logout.body)?.[1];
    expect(xsrf).toBeDefined();
    await user.browser.request('POST', '/oidc/session/end/confirm', { form: { xsrf: xsrf!, logout: 'yes' } });
    await expect.poll(async () => (await callApi(t.app, (await signIn(t.app, DEMO_UNIT_ADMIN)).access_token, '/api/Dashboard/ActivityStatisticsByUser', lastTwoWeeks)).json().data.numberOfSignout).toBe(unitBefore.numberOfSignout + 1);
  });

  it("counts the portal's own sign-ins as the Portal's accesses (the portal is not a service app)", async () => {
    const figures = await platform(lastTwoWeeks);
    const portal = figures.numberChannelsAciveByUnit.find((service: { serviceCode: string }) => service.serviceCode === 'PORTAL');
    expect(figures.numberUserSignIn).toBeGreaterThan(0);
    expect(portal.numberOfAccesses).toBe(figures.numberUserSignIn);
    const before = portal.numberOfAccesses;
    await signIn(t.app, DEMO_UNIT_USER);
    const after = (await platform(lastTwoWeeks)).numberChannelsAciveByUnit.find((service: { serviceCode: string }) => service.serviceCode === 'PORTAL');
    expect(after.numberOfAccesses).toBe(before + 1);
  });

  it("shows a unit's user who does not administer it their own figures, not the unit's", async () => {
    const { db } = t.database;
    const user = await signIn(t.app, DEMO_UNIT_USER);
    const admin = await signIn(t.app, DEMO_UNIT_ADMIN);
    const own = (await callApi(t.app, user.access_token, '/api/Dashboard/ActivityStatisticsByUser', lastTwoWeeks)).json().data;
    const unit = (await callApi(t.app, admin.access_token, '/api/Dashboard/ActivityStatisticsByUser', lastTwoWeeks)).json().data;
    const [binh] = await db.select({ id: users.id }).from(users).where(eq(users.username, DEMO_UNIT_USER.username));
    const rows = await db
      .select({ signedInAt: userDevices.signedInAt, deviceKey: userDevices.deviceKey })
      .from(userDevices)
      .where(and(eq(userDevices.userId, binh!.id), gte(userDevices.signedInAt, startOfDay(lastTwoWeeks.fromDate))));
    expect(own.numberOfSignin).toBe(rows.length);
    expect(own.numberOfSignin).toBeGreaterThan(0);
    expect(own.numberOfSignin).toBeLessThan(unit.numberOfSignin);
    expect(own.numberDeviceSignin).toBe(new Set(rows.map((row) => row.deviceKey).filter(Boolean)).size);
    expect(own.activityStatisticsUserInTime.reduce((sum: number, day: { signIn: number }) => sum + day.signIn, 0)).toBe(own.numberOfSignin);
    expect(todayOf(own.activityStatisticsUserInTime)).toBeGreaterThanOrEqual(1);
  });

  it("shows a unit's users their own unit's figures, whatever unit they name", async () => {
    const admin = await signIn(t.app, DEMO_UNIT_ADMIN);
    const minhPhat = await unitIdOf('Công ty TNHH Minh Phát');
    const saoViet = await unitIdOf('Công ty Cổ phần Sao Việt');
    const asked = (await callApi(t.app, admin.access_token, '/api/Dashboard/ActivityStatisticUnit', { ...lastTwoWeeks, unitRequest: saoViet })).json().data;
    expect(asked.unitRequest).toBe(minhPhat);
    expect(asked.totalUnit).toBe(1);
    expect(asked.numberUserSignIn).toBe((await platform({ ...lastTwoWeeks, unitRequest: minhPhat })).numberUserSignIn);
    const unit = (await callApi(t.app, admin.access_token, '/api/Dashboard/ActivityStatisticsByUser', { ...lastTwoWeeks, unitRequest: saoViet })).json().data;
    expect(unit).toMatchObject({ unitRequest: minhPhat, numberOfSignin: asked.numberUserSignIn });
    expect(unit.numberDeviceSignin).toBeGreaterThan(0);
  });

  it('refuses reversed, open-ended and over-long periods naming the field', async () => {
    for (const [body, field] of [
      [{ fromDate: '2026-03-02', toDate: '2026-03-01' }, 'body.toDate'],
      [{ fromDate: '2026-03-01' }, 'body.toDate'],
      [{ fromDate: '2020-01-01', toDate: '2026-01-01' }, 'body.toDate'],
      [{ fromDate: 'yesterday', toDate: '2026-01-01' }, 'body.fromDate'],
    ] as const) {
      const response = await callApi(t.app, platformToken, '/api/Dashboard/ActivityStatisticUnit', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
    }
    expect((await callApi(t.app, platformToken, '/api/Dashboard/ActivityStatisticUnit', { fromDate: '2025-01-01', toDate: '2026-01-01' })).statusCode).toBe(200);
  });

  it('keeps every increment of instances counting at once, and rebuilds the same counters from the raw rows', async () => {
    const { db } = t.database;
    const snapshot = async () => ({
      counters: await db.select().from(activityCounters).orderBy(activityCounters.metric, activityCounters.day, activityCounters.unitId, activityCounters.serviceCode, activityCounters.platformTotal),
      devices: (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(activityDevices))[0]!.n,
    });
    const counted = await snapshot();
    await db.transaction((tx) => rebuildActivityCounters(tx));
    expect(await snapshot()).toEqual(counted);

    const at = new Date('2001-02-03T04:05:06Z');
    await Promise.all(Array.from({ length: 20 }, () => countActivity(db, { metric: 'sign_in', unitId: null, at })));
    const rows = await db.select().from(activityCounters).where(eq(activityCounters.day, '2001-02-03')).orderBy(activityCounters.platformTotal);
    expect(rows.map((row) => [row.platformTotal, row.count])).toEqual([
      [false, 20],
      [true, 20],
    ]);
  });

  it("keeps the platform's totals equal to the sum of every unit's counters", async () => {
    const { db } = t.database;
    const sums = await db
      .select({
        metric: activityCounters.metric,
        day: activityCounters.day,
        serviceCode: activityCounters.serviceCode,
        units: sql<number>`sum(${activityCounters.count}) filter (where not ${activityCounters.platformTotal})`.mapWith(Number),
        total: sql<number>`sum(${activityCounters.count}) filter (where ${activityCounters.platformTotal})`.mapWith(Number),
      })
      .from(activityCounters)
      .groupBy(activityCounters.metric, activityCounters.day, activityCounters.serviceCode);
    expect(sums.length).toBeGreaterThan(0);
    for (const row of sums) expect(row.total, `${row.metric} ${row.day} ${row.serviceCode}`).toBe(row.units);
  });
});
