import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { signIn, startAuthorization, TestBrowser } from '../../../test/oidc-client.ts';
import { DEMO_UNIT_ADMIN, DEMO_UNIT_USER, startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../db/schema/index.ts';

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0';

describe.each(DATABASE_KINDS)('device log on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  async function signInFrom(account: { username: string; password: string }, userAgent: string, ip: string) {
    const browser = new TestBrowser(t.app);
    const { uid } = await startAuthorization(browser);
    const response = await browser.request('POST', `/oidc/interaction/${uid}/login`, {
      json: account,
      headers: { 'user-agent': userAgent, 'x-forwarded-for': ip },
    });
    expect(response.json().data.status).toBe('done');
    return response;
  }

  it('records device, IP, browser, time, user and unit of every sign-in, with a device cookie', async () => {
    const response = await signInFrom(DEMO_UNIT_USER, FIREFOX_ON_WINDOWS, '203.0.113.7');
    expect(String(response.headers['set-cookie'])).toMatch(/portal_device=[A-Za-z0-9_-]{43}; Path=\/oidc\/interaction; Max-Age=31536000; HttpOnly; SameSite=Lax/);
    const { access_token } = await signIn(t.app, DEMO_UNIT_ADMIN);
    const [user] = await t.database.db.select().from(users).where(eq(users.username, DEMO_UNIT_USER.username));
    const page = (await callApi(t.app, access_token, '/api/UserDevice/GetDeviceByUserId', { userId: user!.id, pageIndex: 1, pageSize: 5 })).json().data;
    expect(page.records[0]).toMatchObject({
      username: DEMO_UNIT_USER.username,
      unitName: 'Công ty TNHH Minh Phát',
      deviceName: 'Windows Desktop',
      browser: 'Firefox 140',
      ipAddress: '203.0.113.7',
    });
    expect(Date.now() - new Date(page.records[0].signedInAt).getTime()).toBeLessThan(60_000);
    expect(page.totalRecord).toBeGreaterThan(1);
  });

  it('shows a unit only its own sign-ins; platform staff any unit; others are refused', async () => {
    const unitAdmin = await signIn(t.app, DEMO_UNIT_ADMIN);
    const own = (await callApi(t.app, unitAdmin.access_token, '/api/UserDevice/SearchUserDeviceByUnit', { pageSize: 200 })).json().data;
    expect(new Set(own.records.map((r: { unitName: string }) => r.unitName))).toEqual(new Set(['Công ty TNHH Minh Phát']));
    const [stranger] = await t.database.db.select().from(users).where(eq(users.username, 'binh.saoviet'));
    expect((await callApi(t.app, unitAdmin.access_token, '/api/UserDevice/GetDeviceByUserId', { userId: stranger!.id })).json()).toMatchObject({ errorCode: 2001 });

    const admin = await signIn(t.app, TEST_ADMIN);
    const all = (await callApi(t.app, admin.access_token, '/api/UserDevice/SearchUserDeviceByUnit', { pageSize: 200 })).json().data;
    expect(new Set(all.records.map((r: { unitName: string | null }) => r.unitName)).size).toBeGreaterThan(2);
    const found = (await callApi(t.app, admin.access_token, '/api/UserDevice/SearchUserDeviceByUnit', { keyword: 'binh.saoviet' })).json().data;
    expect(found.records.every((r: { username: string }) => r.username === 'binh.saoviet')).toBe(true);

    const plain = await signIn(t.app, DEMO_UNIT_USER);
    expect((await callApi(t.app, plain.access_token, '/api/UserDevice/SearchUserDeviceByUnit', {})).statusCode).toBe(403);
  });
});
