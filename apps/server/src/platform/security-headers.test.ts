import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { bearer, signIn } from '../../test/oidc-client.ts';
import { startTestApp, TEST_ADMIN, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app.ts';
import { services } from '../db/schema/index.ts';
import { LOGOUT_SUBMIT_SCRIPT } from '../identity/pages.ts';

/** The policy as directive → sources. */
function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const sha256 = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

function expectEveryAnswerHeaders(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-frame-options']).toBe('DENY');
  const policy = policyOf(response);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  // Scripts only from the portal: never inline, never eval (a page's own script is added by hash).
  expect(policy.get('script-src')?.[0]).toBe("'self'");
  expect(policy.get('script-src')?.some((source) => source === "'unsafe-inline'" || source === "'unsafe-eval'")).toBe(false);
}

const CRM_LINK = 'https://crm.example.test/';
const CRM_CALLBACK = 'https://crm.example.test/signin-callback';

describe.each(DATABASE_KINDS)('security headers on %s', (kind) => {
  let t: TestApp;
  const webRoot = mkdtempSync(join(tmpdir(), 'portal-web-'));

  beforeAll(async () => {
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>SPA</title>');
    t = await startTestApp(kind, { DEMO_DATA: '0' }, { webRoot });
    await t.database.db.update(services).set({ link: CRM_LINK, redirectLink: CRM_CALLBACK }).where(eq(services.code, 'CRM'));
  });
  afterAll(() => t.close());

  it('every answer carries them: the SPA, its routes, the API, its docs, the provider, a 404', async () => {
    const answers = await Promise.all(
      ['/sso-fe/', '/sso-fe/dashboard', '/sso-fe/env.json', '/api/User/GetListMenus', '/api/docs/static/index.html', '/oidc/.well-known/openid-configuration', '/healthz', '/nowhere'].map((url) =>
        t.app.inject({ url }),
      ),
    );
    for (const answer of answers) expectEveryAnswerHeaders(answer);
    const [spa] = answers;
    expect(spa!.headers['content-type']).toMatch(/text\/html/);
    const policy = policyOf(spa!);
    expect(policy.get('connect-src')).toEqual(["'self'", `ws://${new URL(TEST_PUBLIC_URL).host}`]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    // Plain http: no HSTS and no upgrade of the page's requests.
    expect(spa!.headers['strict-transport-security']).toBeUndefined();
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it("the provider's error page is under the policy", async () => {
    const error = await t.app.inject({ url: '/oidc/auth?client_id=nobody' });
    expect(error.headers['content-type']).toMatch(/text\/html/);
    expect(error.body).toContain('Không thể hoàn tất đăng nhập');
    expectEveryAnswerHeaders(error);
    expect(policyOf(error).get('form-action')).toEqual(["'self'"]);
  });

  it('the end-session page runs its one script by hash and may post only to the portal and the client it signs out of', async () => {
    const tokens = await signIn(t.app, TEST_ADMIN);
    const page = await tokens.browser.request('GET', `/oidc/session/end?${new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: `${TEST_PUBLIC_URL}/sso-fe/signin` })}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<script>${LOGOUT_SUBMIT_SCRIPT}</script>`);
    expectEveryAnswerHeaders(page);
    const policy = policyOf(page);
    expect(policy.get('script-src')).toEqual(["'self'", sha256(LOGOUT_SUBMIT_SCRIPT)]);
    expect(policy.get('form-action')).toEqual(["'self'", new URL(TEST_PUBLIC_URL).origin]);
  });

  it("a form_post answer to a service app may post to that app's registered origin only", async () => {
    const tokens = await signIn(t.app, TEST_ADMIN);
    const params = new URLSearchParams({
      client_id: 'CRM',
      response_type: 'code',
      response_mode: 'form_post',
      redirect_uri: CRM_CALLBACK,
      scope: 'openid',
      code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const started = await tokens.browser.request('GET', `/oidc/auth?${params}`);
    // The portal's session signs the administrator in at once: the provider resumes and posts the code.
    let answer = started;
    for (let hop = 0; hop < 5 && answer.headers.location; hop++) answer = await tokens.browser.request('GET', String(answer.headers.location));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(`action="${CRM_CALLBACK}"`);
    expectEveryAnswerHeaders(answer);
    const policy = policyOf(answer);
    expect(policy.get('form-action')).toEqual(["'self'", new URL(CRM_LINK).origin]);
    expect(policy.get('script-src')).toHaveLength(2);
    expect(policy.get('script-src')![1]).toMatch(/^'sha256-/);
  });

  it('a template image keeps its own stricter policy and may be embedded by webmail', async () => {
    const { access_token } = await signIn(t.app, TEST_ADMIN);
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/EmailTemplate/UploadImage', headers: bearer(access_token), payload: { name: 'logo.png', data: png } });
    const image = await t.app.inject({ url: new URL(uploaded.json().data.url as string).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-security-policy']).toBe("default-src 'none'");
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('security headers behind https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { DEMO_DATA: '0', PUBLIC_URL: 'https://sso.example.test' });
  });
  afterAll(() => t.close());

  it('adds HSTS for the portal host and upgrades insecure requests; the live connection is wss', async () => {
    const answer = await t.app.inject({ url: '/api/User/GetListMenus', headers: { host: 'sso.example.test' } });
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
    const policy = policyOf(answer);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    expect(policy.get('connect-src')).toEqual(["'self'", 'wss://sso.example.test']);
  });
});
