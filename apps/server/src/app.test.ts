import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../test/databases.ts';
import { bearer, signIn, TestBrowser } from '../test/oidc-client.ts';
import { DEMO_UNIT_ADMIN, DEMO_UNIT_USER, startTestApp, TEST_ADMIN, type TestApp } from '../test/test-app.ts';

describe.each(DATABASE_KINDS)('API basics on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    adminToken = (await signIn(t.app, TEST_ADMIN)).access_token;
  });
  afterAll(() => t.close());

  it('answers liveness and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown /api path with a 404 envelope in the caller language', async () => {
    const vi = await t.app.inject('/api/Nothing/Here');
    expect(vi.statusCode).toBe(404);
    expect(vi.json()).toEqual({ success: false, errorCode: 9404, busErrorMessage: 'Không tìm thấy đường dẫn yêu cầu' });
    const en = await t.app.inject({ url: '/api/Nothing/Here', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.json().busErrorMessage).toBe('The requested path does not exist');
  });

  it('refuses calls without a valid token with 401', async () => {
    const none = await t.app.inject('/api/User/GetUserProfileCurrent');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false, errorCode: 9401 });
    const forged = await t.app.inject({ url: '/api/User/GetUserProfileCurrent', headers: bearer(`${adminToken.slice(0, -4)}AAAA`) });
    expect(forged.statusCode).toBe(401);
  });

  it('answers the current profile of the platform administrator', async () => {
    const response = await t.app.inject({ url: '/api/User/GetUserProfileCurrent', headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      data: { username: TEST_ADMIN.username, email: TEST_ADMIN.email, isAdminIAM: true, isUserWebPortal: true, isUserUnit: false, unitId: null, roleNames: ['Super admin'] },
    });
    expect(JSON.stringify(response.json())).not.toMatch(/password/i);
  });

  it('gives the platform administrator every menu section and permission', async () => {
    const response = await t.app.inject({ url: '/api/User/GetListMenus', headers: bearer(adminToken) });
    const { data } = response.json();
    expect(data.menuDetails.map((m: { hashCode: string }) => m.hashCode)).toEqual([
      'DASHBOARD', 'ENTERPRISE', 'SERVICE', 'USER', 'PACKAGE', 'SYSTEM', 'LOG', 'REPORT', 'AGENCY',
    ]);
    expect(data.permissionCurrents).toContain('SYSTEM_ROLEIAM_LIST');
  });

  it('gives a unit administrator only unit-level sections', async () => {
    const { access_token } = await signIn(t.app, DEMO_UNIT_ADMIN);
    const { data } = (await t.app.inject({ url: '/api/User/GetListMenus', headers: bearer(access_token) })).json();
    // ENTERPRISE: their own unit's access to its services (manage access), not the units list.
    expect(data.menuDetails.map((m: { hashCode: string }) => m.hashCode)).toEqual(['DASHBOARD', 'ENTERPRISE', 'SERVICE', 'USER', 'PACKAGE', 'LOG', 'REPORT']);
    expect(data.permissionCurrents).not.toContain('UNIT_ENTERPRISE_LIST');
    expect(data.permissionCurrents).toContain('UNIT_ACCESSCHANNEL_LIST');
    const profile = (await t.app.inject({ url: '/api/User/GetUserProfileCurrent', headers: bearer(access_token) })).json();
    expect(profile.data).toMatchObject({ isAdminUnit: true, unitName: 'Công ty TNHH Minh Phát', isTrial: false });
  });

  it('gives a plain unit user the dashboard only', async () => {
    const { access_token } = await signIn(t.app, DEMO_UNIT_USER);
    const { data } = (await t.app.inject({ url: '/api/User/GetListMenus', headers: bearer(access_token) })).json();
    expect(data).toEqual({
      menuDetails: [{ menuParent: '/dashboard', hashCode: 'DASHBOARD', iconActive: 'dashboard', iconInActive: 'dashboard', children: [] }],
      permissionCurrents: ['DASHBOARD_MANAGEMENT_ACCESS'],
    });
  });

  it('answers a malformed body with 400 naming the field, in the caller language', async () => {
    const browser = new TestBrowser(t.app);
    const bad = await browser.request('POST', '/oidc/interaction/abc/login', { json: { username: 42, password: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      errorCode: 9400,
      busErrorMessage: 'Đã có lỗi xảy ra với yêu cầu của bạn, vui lòng kiểm tra lại!',
      errors: [{ field: 'body.username' }],
    });
    const unknownField = await browser.request('POST', '/oidc/interaction/abc/login', {
      json: { username: 'a', password: 'b', admin: true },
      headers: { 'accept-language': 'en' },
    });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().busErrorMessage).toBe('Something went wrong with your request, please check again!');
    const notJson = await browser.request('POST', '/oidc/interaction/abc/login', { form: { username: 'a' } });
    expect(notJson.statusCode).toBe(400);
  });

  it('publishes the API as OpenAPI under /api/docs', async () => {
    const response = await t.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/User/GetUserProfileCurrent', '/api/User/GetListMenus']));
  });

  it('declares the access of every API route', () => {
    expect(t.app.routeTable.filter((r) => r.url.startsWith('/api/User/'))).toEqual(
      expect.arrayContaining([{ method: 'GET', url: '/api/User/GetListMenus', access: 'signed-in' }]),
    );
  });

  it('serves the environment file from PUBLIC_URL', async () => {
    const response = await t.app.inject('/sso-fe/env.json');
    expect(response.json()).toMatchObject({
      authority: 'http://portal.test/oidc',
      apiEndpoint: 'http://portal.test/api',
      clientId: 'sso-fe',
      logoutUrl: 'http://portal.test/sso-fe/signin',
    });
  });
});
