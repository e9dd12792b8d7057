import { decodeJwt, decodeProtectedHeader } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../test/api.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { bearer, signIn, startAuthorization, TestBrowser } from '../../test/oidc-client.ts';
import { relyingParty } from '../../test/relying-party.ts';
import { CRM_APP, registerCrmApp, serviceAppTokens } from '../../test/service-client.ts';
import { DEMO_UNIT_ADMIN, startTestApp, TEST_ADMIN, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app.ts';

/** Ten calls of the portal API a unit administrator's own token opens. */
const API_CALLS: [string, object?][] = [
  ['/api/User/GetUserProfileCurrent'],
  ['/api/User/GetListMenus'],
  ['/api/User/GetListBaseApp'],
  ['/api/Unit/Search', { pageIndex: 1, pageSize: 5 }],
  ['/api/User/SearchUserAdminUnitPage', { pageIndex: 1, pageSize: 5 }],
  ['/api/Role/SearchRolePage', { pageIndex: 1, pageSize: 5 }],
  ['/api/ActionLog/SearchActionLog', { pageIndex: 1, pageSize: 5 }],
  ['/api/Notification/GetMine'],
  ['/api/ChannelPackage/GetAllActive'],
  ['/api/AppUser/Search', { pageIndex: 1, pageSize: 5 }],
];

const statusesWith = async (t: TestApp, token: string) => Promise.all(API_CALLS.map(async ([path, body]) => (await callApi(t.app, token, path, body)).statusCode));

describe.each(DATABASE_KINDS)('tokens bound to their audience, on %s', (kind) => {
  let t: TestApp;
  let crmSecret: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    await registerCrmApp(t);
  });
  afterAll(() => t.close());

  it("gives the portal's web client a token for the API alone, which the API accepts", async () => {
    const tokens = await signIn(t.app, DEMO_UNIT_ADMIN);
    expect(decodeJwt(tokens.access_token)).toMatchObject({ aud: `${TEST_PUBLIC_URL}/api`, client_id: 'sso-fe', scope: 'api' });
    expect((tokens as { scope?: string }).scope).toBe('api');
    // Each call answers as the account's permissions say: none of them asks who the caller is again.
    expect(await statusesWith(t, tokens.access_token)).not.toContain(401);
  });

  it("gives a public service client an opaque token for userinfo, which every API route refuses, and names the granted scopes", async () => {
    const { response, tokens } = await serviceAppTokens(t, DEMO_UNIT_ADMIN, { scope: 'openid profile email' });
    expect(response.statusCode, response.body).toBe(200);
    expect(tokens.scope).toBe('openid profile email');
    expect(tokens.access_token.split('.')).toHaveLength(1);
    expect(await statusesWith(t, tokens.access_token)).toEqual(API_CALLS.map(() => 401));
  });

  it("refuses a service app the portal API's audience (invalid_target)", async () => {
    const portal = await signIn(t.app, DEMO_UNIT_ADMIN);
    const started = await startAuthorization(portal.browser, { clientId: CRM_APP.clientId, redirectUri: CRM_APP.redirectUri, scope: 'openid api', resource: `${TEST_PUBLIC_URL}/api` });
    const location = new URL(String(started.response.headers.location));
    expect(location.origin + location.pathname).toBe(CRM_APP.redirectUri);
    expect(location.searchParams.get('error')).toBe('invalid_target');
  });

  it("gives a service app a JWT for its own registered API (RFC 8707), which the portal API refuses", async () => {
    const { tokens } = await serviceAppTokens(t, DEMO_UNIT_ADMIN, { scope: 'openid profile api', resource: CRM_APP.link });
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
    expect(decodeJwt(tokens.access_token)).toMatchObject({ aud: CRM_APP.link, client_id: 'CRM', scope: 'api' });
    expect(tokens.scope).toBe('api');
    expect(await statusesWith(t, tokens.access_token)).toEqual(API_CALLS.map(() => 401));
    // Another service's address is no resource of this one.
    const portal = await signIn(t.app, DEMO_UNIT_ADMIN);
    const other = await startAuthorization(portal.browser, { clientId: CRM_APP.clientId, redirectUri: CRM_APP.redirectUri, scope: 'openid api', resource: 'https://ic.example.test/' });
    expect(new URL(String(other.response.headers.location)).searchParams.get('error')).toBe('invalid_target');
  });

  it('answers userinfo to an app through openid-client: the claims its scopes allow, the unit and the roles in that service', async () => {
    const { tokens } = await serviceAppTokens(t, DEMO_UNIT_ADMIN, { scope: 'openid profile email unit roles' });
    const rp = await relyingParty(t.app, CRM_APP.clientId);
    const sub = decodeJwt(tokens.id_token).sub!;
    // The ID token keeps the claims too, as apps written before userinfo worked read them there.
    expect(decodeJwt(tokens.id_token)).toMatchObject({ preferred_username: DEMO_UNIT_ADMIN.username, email_verified: true, tenant_id: 'minhphat', roles: ['CRM_ADMIN'] });
    const info = await client.fetchUserInfo(rp, tokens.access_token, sub);
    expect(info).toMatchObject({
      sub,
      name: expect.any(String),
      given_name: expect.any(String),
      family_name: expect.any(String),
      preferred_username: DEMO_UNIT_ADMIN.username,
      email: expect.stringContaining('@'),
      email_verified: true,
      unit_id: expect.any(String),
      tenant_id: 'minhphat',
      unit_name: expect.any(String),
      roles: ['CRM_ADMIN'],
    });
    // Only what the scopes allow: no e-mail, unit or roles without their scopes.
    const narrow = await serviceAppTokens(t, DEMO_UNIT_ADMIN, { scope: 'openid profile' });
    const narrowInfo = await client.fetchUserInfo(rp, narrow.tokens.access_token, sub);
    expect(Object.keys(narrowInfo).sort()).toEqual(['family_name', 'given_name', 'name', 'preferred_username', 'sub']);
  });

  it('serves RFC 8414 metadata at both locations; a strict client discovers from the inserted path', async () => {
    const browser = new TestBrowser(t.app);
    const inside = await browser.request('GET', '/oidc/.well-known/oauth-authorization-server');
    const inserted = await browser.request('GET', '/.well-known/oauth-authorization-server/oidc');
    expect(inserted.statusCode).toBe(200);
    expect(inserted.json()).toEqual(inside.json());
    expect(inserted.json()).toMatchObject({ issuer: `${TEST_PUBLIC_URL}/oidc`, token_endpoint: `${TEST_PUBLIC_URL}/oidc/token` });
    const strict = await relyingParty(t.app, CRM_APP.clientId, { algorithm: 'oauth2' });
    expect(strict.serverMetadata().issuer).toBe(`${TEST_PUBLIC_URL}/oidc`);
  });

  describe('a confidential service client', () => {
    beforeAll(async () => {
      const admin = (await signIn(t.app, TEST_ADMIN)).access_token;
      const { rows } = { rows: (await callApi(t.app, admin, '/api/Channel/SearchChannelPage', { pageIndex: 1, pageSize: 50, status: [1] })).json().data.records as { id: string; code: string }[] };
      const crm = rows.find((row) => row.code === 'CRM')!;
      crmSecret = (await callApi(t.app, admin, '/api/Channel/RotateClientSecret', { id: crm.id })).json().data.clientSecret;
    });
    const basic = () => `Basic ${Buffer.from(`CRM:${encodeURIComponent(crmSecret)}`).toString('base64')}`;

    it('exchanges its code with its secret, for a userinfo token the API refuses', async () => {
      const { response, tokens } = await serviceAppTokens(t, DEMO_UNIT_ADMIN, { scope: 'openid email', basic: basic() });
      expect(response.statusCode, response.body).toBe(200);
      expect(tokens.scope).toBe('openid email');
      expect(await statusesWith(t, tokens.access_token)).toEqual(API_CALLS.map(() => 401));
      const info = await client.fetchUserInfo(await relyingParty(t.app, 'CRM', { secret: crmSecret }), tokens.access_token, client.skipSubjectCheck);
      expect(info).toMatchObject({ email: expect.stringContaining('@'), email_verified: true });
    });

    it('gets a client-credentials token for the notification push only: the push takes it, the API refuses it', async () => {
      const rp = await relyingParty(t.app, 'CRM', { secret: crmSecret });
      const granted = await client.clientCredentialsGrant(rp, { scope: 'notification:push' });
      expect(granted.scope).toBe('notification:push');
      expect(decodeJwt(granted.access_token)).toMatchObject({ aud: `${TEST_PUBLIC_URL}/api/Notification`, client_id: 'CRM', sub: 'CRM' });
      expect(await statusesWith(t, granted.access_token)).toEqual(API_CALLS.map(() => 401));
      const push = await t.app.inject({ method: 'POST', url: '/api/Notification/Push', headers: bearer(granted.access_token), payload: { username: DEMO_UNIT_ADMIN.username, title: 'Khách hàng đang chờ' } });
      expect(push.json()).toMatchObject({ success: true, data: { serviceCode: 'CRM' } });
      // Without the scope, the token does not open the push.
      const bare = await client.clientCredentialsGrant(rp, {});
      const refused = await t.app.inject({ method: 'POST', url: '/api/Notification/Push', headers: bearer(bare.access_token), payload: { username: DEMO_UNIT_ADMIN.username, title: 'x' } });
      expect(refused.statusCode).toBe(401);
    });

    it('refuses the push to a user token, and to missing or malformed credentials before reading the body', async () => {
      const user = (await signIn(t.app, DEMO_UNIT_ADMIN)).access_token;
      const push = (authorization: string | undefined, payload: unknown = { nothing: true }) =>
        t.app.inject({ method: 'POST', url: '/api/Notification/Push', headers: authorization ? { authorization } : {}, payload: payload as object });
      for (const authorization of [undefined, `Bearer ${user}`, `Basic ${Buffer.from('CRM:%zz').toString('base64')}`, `Basic ${Buffer.from('%E0%A4%A:x').toString('base64')}`, 'Basic !!!', 'Basic ', `Basic ${Buffer.from(':secret').toString('base64')}`]) {
        const answer = await push(authorization);
        expect(answer.statusCode, `${authorization}: ${answer.body}`).toBe(401);
      }
      // With the right credentials, the body is read and checked.
      expect((await push(basic())).statusCode).toBe(400);
    });
  });
});
