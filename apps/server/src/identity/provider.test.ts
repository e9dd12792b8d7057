import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test/databases.ts';
import {
  bearer,
  exchangeCode,
  followToCallback,
  signIn,
  SPA_REDIRECT_URI,
  startAuthorization,
  TestBrowser,
} from '../../test/oidc-client.ts';
import { startTestApp, TEST_ADMIN, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app.ts';

describe.each(DATABASE_KINDS)('OpenID Connect provider on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const login = (browser: TestBrowser, uid: string, account: { username: string; password: string }, language = 'vi') =>
    browser.request('POST', `/oidc/interaction/${uid}/login`, {
      json: { username: account.username, password: account.password },
      headers: { 'accept-language': language },
    });

  it('publishes discovery for the issuer under /oidc: code flow with S256 only', async () => {
    const response = await new TestBrowser(t.app).request('GET', '/oidc/.well-known/openid-configuration');
    const discovery = response.json();
    expect(discovery.issuer).toBe(`${TEST_PUBLIC_URL}/oidc`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.response_types_supported).toEqual(['code']);
    expect(discovery.end_session_endpoint).toBe(`${TEST_PUBLIC_URL}/oidc/session/end`);
  });

  it("still words the provider's list errors (its list formatters build their ICU data on first use)", async () => {
    expect(Intl.ListFormat.name).toBe('ListFormat');
    const response = await new TestBrowser(t.app).request('POST', '/oidc/token', { form: { client_id: 'sso-fe' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request', error_description: "missing required parameter 'grant_type'" });
  });

  it('issues JWT access tokens for the portal API, and an id token and a refresh token', async () => {
    const tokens = await signIn(t.app, TEST_ADMIN);
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ typ: 'at+jwt', alg: 'ES256' });
    expect(decodeProtectedHeader(tokens.id_token).alg).toBe('ES256');
    const claims = decodeJwt(tokens.access_token);
    expect(claims.aud).toBe(`${TEST_PUBLIC_URL}/api`);
    expect(claims.iss).toBe(`${TEST_PUBLIC_URL}/oidc`);
    expect(tokens.id_token).toBeTruthy();
    expect(tokens.refresh_token).toBeTruthy();
  });

  it('refuses wrong credentials with code 2 without saying which part was wrong', async () => {
    const browser = new TestBrowser(t.app);
    const { uid } = await startAuthorization(browser);
    const wrongPassword = await login(browser, uid!, { username: TEST_ADMIN.username, password: 'Wrong#Pass1' });
    const unknownUser = await login(browser, uid!, { username: 'nobody', password: 'Wrong#Pass1' }, 'en');
    expect(wrongPassword.json()).toEqual({ success: false, errorCode: 2, busErrorMessage: 'Tên đăng nhập hoặc mật khẩu không đúng' });
    expect(unknownUser.json()).toEqual({ success: false, errorCode: 2, busErrorMessage: 'Username or password is incorrect' });
  });

  it('refuses the interaction endpoints to a browser that did not start the interaction', async () => {
    const { uid } = await startAuthorization(new TestBrowser(t.app));
    const stranger = new TestBrowser(t.app);
    const response = await login(stranger, uid!, TEST_ADMIN);
    expect(response.json()).toMatchObject({ success: false, errorCode: 9001 });
  });

  it('matches redirect URIs exactly', async () => {
    for (const redirectUri of [`${SPA_REDIRECT_URI}/extra`, `${SPA_REDIRECT_URI}?next=x`, SPA_REDIRECT_URI.replace('http:', 'https:')]) {
      const { response, uid } = await startAuthorization(new TestBrowser(t.app), { redirectUri });
      expect(uid).toBeUndefined();
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('redirect_uri did not match any of the client');
    }
  });

  it('requires PKCE from the SPA', async () => {
    const browser = new TestBrowser(t.app);
    const params = new URLSearchParams({ client_id: 'sso-fe', response_type: 'code', redirect_uri: SPA_REDIRECT_URI, scope: 'openid' });
    const response = await browser.request('GET', `/oidc/auth?${params}`);
    const location = new URL(String(response.headers.location));
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('rejects a replayed authorization code and revokes what it issued', async () => {
    const browser = new TestBrowser(t.app);
    const { uid, verifier } = await startAuthorization(browser);
    const step = (await login(browser, uid!, TEST_ADMIN)).json();
    const code = (await followToCallback(browser, step.data.redirectTo)).searchParams.get('code')!;
    const first = await exchangeCode(browser, code, verifier);
    expect(first.statusCode).toBe(200);
    const replay = await exchangeCode(browser, code, verifier);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
    const refresh = await browser.request('POST', '/oidc/token', {
      form: { grant_type: 'refresh_token', refresh_token: first.json().refresh_token, client_id: 'sso-fe' },
    });
    expect(refresh.statusCode).toBe(400);
  });

  it('renews with the refresh token, rotating it', async () => {
    const tokens = await signIn(t.app, TEST_ADMIN);
    const renew = (refreshToken: string) =>
      tokens.browser.request('POST', '/oidc/token', { form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'sso-fe' } });
    const renewed = await renew(tokens.refresh_token!);
    expect(renewed.statusCode).toBe(200);
    const next = renewed.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    const profile = await t.app.inject({ url: '/api/User/GetUserProfileCurrent', headers: bearer(next.access_token) });
    expect(profile.statusCode).toBe(200);
    expect((await renew(tokens.refresh_token!)).statusCode).toBe(400);
  });

  it('signs out with id_token_hint and refuses an unregistered post_logout_redirect_uri', async () => {
    const tokens = await signIn(t.app, TEST_ADMIN);
    const end = (postLogout: string) =>
      tokens.browser.request('GET', `/oidc/session/end?${new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: postLogout })}`);

    const refused = await end('https://evil.example.com/');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('post_logout_redirect_uri not registered');

    const page = await end(`${TEST_PUBLIC_URL}/sso-fe/signin`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('document.forms[0].submit()');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)![1]!;
    const confirmed = await tokens.browser.request('POST', '/oidc/session/end/confirm', { form: { xsrf, logout: 'yes' } });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`${TEST_PUBLIC_URL}/sso-fe/signin`);

    // The provider session is gone: a new authorization request asks for the password again.
    const again = await startAuthorization(tokens.browser);
    expect(again.uid).toBeDefined();
  });
});
