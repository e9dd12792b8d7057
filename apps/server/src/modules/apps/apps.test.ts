import { decodeProtectedHeader } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { exchangeCode, signIn, SPA_REDIRECT_URI, startAuthorization, TestBrowser } from '../../../test/oidc-client.ts';
import { DEMO_UNIT_ADMIN, startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.ts';
import { services } from '../../db/schema/index.ts';

/** A second app of the suite, registered as the CRM service's links. */
const CRM_LINK = 'https://crm.example.test/';
const CRM_CALLBACK = 'https://crm.example.test/signin-callback';

describe.each(DATABASE_KINDS)('apps and single sign-on on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.database.db.update(services).set({ link: CRM_LINK, redirectLink: CRM_CALLBACK }).where(eq(services.code, 'CRM'));
  });
  afterAll(() => t.close());

  it('lists the portal and the apps of the unit packs the user holds a grant for', async () => {
    const { access_token } = await signIn(t.app, DEMO_UNIT_ADMIN);
    const apps = (await callApi(t.app, access_token, '/api/User/GetListBaseApp')).json().data;
    expect(apps).toEqual([
      { baseAppCode: 'PORTAL', title: 'Portal', channelPackageStatus: 1, link: 'http://portal.test/sso-fe/' },
      // IC, LCM and WFM are in the unit's pack too, but the administrator is granted CRM only.
      { baseAppCode: 'CRM', title: 'CRM', channelPackageStatus: 1, link: CRM_LINK },
    ]);
    // The dashboard's list of the user's services: the same apps, the portal aside.
    const mine = (await callApi(t.app, access_token, '/api/ChannelManager/GetChannelByUserCurrent')).json().data;
    expect(mine).toEqual([{ baseAppCode: 'CRM', title: 'CRM', channelPackageStatus: 1, link: CRM_LINK }]);
    expect((await t.app.inject({ url: '/api/ChannelManager/GetChannelByUserCurrent' })).statusCode).toBe(401);
  });

  it('saves the default app of a unit user, among the apps of active packs only', async () => {
    const { access_token } = await signIn(t.app, DEMO_UNIT_ADMIN);
    const profile = (await callApi(t.app, access_token, '/api/User/GetUserProfileCurrent')).json().data;
    const save = (channelCode: string, userId = profile.id) => callApi(t.app, access_token, '/api/User/UpdateChannelCodeDefaultLogin', { channelCode, userId });
    expect((await save('SR')).json()).toMatchObject({ success: false, errorCode: 2005 });
    expect((await save('CRM', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(403);
    expect((await save('CRM')).json()).toEqual({ success: true, data: true });
    expect((await callApi(t.app, access_token, '/api/User/GetUserProfileCurrent')).json().data.channelCodeDefaultLogin).toBe('CRM');
    expect((await save('PORTAL')).json().success).toBe(true);

    const admin = await signIn(t.app, TEST_ADMIN);
    const adminId = (await callApi(t.app, admin.access_token, '/api/User/GetUserProfileCurrent')).json().data.id;
    expect((await callApi(t.app, admin.access_token, '/api/User/UpdateChannelCodeDefaultLogin', { channelCode: 'CRM', userId: adminId })).statusCode).toBe(403);
  });

  it('signs a service app in through the portal session, without a second password', async () => {
    const portal = await signIn(t.app, DEMO_UNIT_ADMIN);
    const { response, uid, verifier } = await startAuthorization(portal.browser, { clientId: 'CRM', redirectUri: CRM_CALLBACK, scope: 'openid profile email' });
    expect(uid).toBeUndefined();
    const callback = new URL(String(response.headers.location));
    expect(`${callback.origin}${callback.pathname}`).toBe(CRM_CALLBACK);
    const tokens = await exchangeCode(portal.browser, callback.searchParams.get('code')!, verifier, CRM_CALLBACK, 'CRM');
    expect(tokens.statusCode).toBe(200);
    const idToken = JSON.parse(Buffer.from(tokens.json().id_token.split('.')[1], 'base64url').toString());
    expect(idToken).toMatchObject({ aud: 'CRM', preferred_username: DEMO_UNIT_ADMIN.username });
    // A service app gets OpenID Connect's default signature, whatever the portal's own tokens use.
    expect(decodeProtectedHeader(tokens.json().id_token).alg).toBe('RS256');

    // A new browser has no portal session: it is asked to sign in.
    expect((await startAuthorization(new TestBrowser(t.app), { clientId: 'CRM', redirectUri: CRM_CALLBACK })).uid).toBeDefined();
  });

  it('matches the service redirect URI exactly and knows only services with a redirect link', async () => {
    const browser = new TestBrowser(t.app);
    const wrong = await startAuthorization(browser, { clientId: 'CRM', redirectUri: `${CRM_CALLBACK}/x` });
    expect(wrong.response.statusCode).toBe(400);
    expect(wrong.response.body).toContain('redirect_uri did not match');
    const unknown = await startAuthorization(browser, { clientId: 'IC', redirectUri: SPA_REDIRECT_URI });
    expect(unknown.response.statusCode).toBe(400);
    expect(unknown.response.body).toContain('invalid_client');
  });
});
