import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TEST_PUBLIC_URL } from './test-app.ts';

/** A browser's cookie jar, reduced to what the provider relies on: names, values and paths. */
export class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  keep(response: LightMyRequestResponse): void {
    const header = response.headers['set-cookie'];
    for (const line of [header ?? []].flat()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const [name, ...value] = pair!.split('=');
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^expires=thu, 01 jan 1970/i.test(a)) || attributes.some((a) => /^max-age=0$/i.test(a));
      if (expired) this.cookies.delete(name!);
      else this.cookies.set(name!, { value: value.join('='), path });
    }
  }

  /** Forgets every cookie but these (e.g. keep the device cookie, drop the provider session). */
  keepOnly(names: readonly string[]): void {
    for (const name of [...this.cookies.keys()]) if (!names.includes(name)) this.cookies.delete(name);
  }

  headerFor(url: string): string {
    const { pathname } = new URL(url, TEST_PUBLIC_URL);
    return [...this.cookies]
      .filter(([, cookie]) => pathname === cookie.path || pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }
}

/** A browser visiting the app: same host as PUBLIC_URL, cookies kept between requests. */
export class TestBrowser {
  readonly jar = new CookieJar();
  private readonly app: FastifyInstance;

  constructor(app: FastifyInstance) {
    this.app = app;
  }

  async request(method: 'GET' | 'POST', url: string, options: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
    const path = url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url;
    const headers: Record<string, string> = { host: new URL(TEST_PUBLIC_URL).host, cookie: this.jar.headerFor(path), ...options.headers };
    let payload: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(options.form).toString();
    }
    const response = await this.app.inject({ method, url: path, headers, ...(payload === undefined ? {} : { payload }) });
    this.jar.keep(response);
    return response;
  }
}

export interface AuthorizationRequest {
  clientId?: string;
  redirectUri?: string;
  scope?: string;
  /** A resource indicator (RFC 8707). */
  resource?: string;
  /** `login` asks for the password again even with a session. */
  prompt?: string;
}

export const SPA_REDIRECT_URI = `${TEST_PUBLIC_URL}/sso-fe/signin-callback`;

function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Starts an authorization request; answers the interaction uid the provider redirected to. */
export async function startAuthorization(browser: TestBrowser, request: AuthorizationRequest = {}) {
  const { verifier, challenge } = pkcePair();
  const params = new URLSearchParams({
    client_id: request.clientId ?? 'sso-fe',
    response_type: 'code',
    redirect_uri: request.redirectUri ?? SPA_REDIRECT_URI,
    scope: request.scope ?? 'openid profile email api',
    state: randomBytes(8).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  if (request.resource) params.set('resource', request.resource);
  if (request.prompt) params.set('prompt', request.prompt);
  const response = await browser.request('GET', `/oidc/auth?${params}`);
  const location = String(response.headers.location ?? '');
  const uid = /\/oidc\/interaction\/([^/?]+)/.exec(location)?.[1];
  return { response, uid, verifier, params };
}

export interface Tokens {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
}

/** Follows the provider's redirects from `url` until it sends the browser back to the client. */
export async function followToCallback(browser: TestBrowser, url: string): Promise<URL> {
  let next = url;
  for (let hop = 0; hop < 5; hop++) {
    const response = await browser.request('GET', next);
    const location = response.headers.location;
    if (!location) throw new Error(`no redirect from ${next}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    const target = new URL(String(location), TEST_PUBLIC_URL);
    if (!target.pathname.startsWith('/oidc/')) return target;
    next = target.toString();
  }
  throw new Error('too many redirects');
}

export async function exchangeCode(browser: TestBrowser, code: string, verifier: string, redirectUri = SPA_REDIRECT_URI, clientId = 'sso-fe') {
  return browser.request('POST', '/oidc/token', {
    form: { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri, client_id: clientId },
  });
}

/**
 * The whole sign-in of the SPA: authorization request, login form, code exchange. An account
 * whose password was generated or reset sets `newPassword` on the way (else this throws).
 */
export async function signIn(
  app: FastifyInstance,
  account: { username: string; password: string; newPassword?: string },
  browser = new TestBrowser(app),
): Promise<Tokens & { browser: TestBrowser; code: string; verifier: string }> {
  const { uid, verifier } = await startAuthorization(browser);
  if (!uid) throw new Error('the provider did not start an interaction');
  const login = await browser.request('POST', `/oidc/interaction/${uid}/login`, {
    json: { username: account.username, password: account.password },
  });
  let body = login.json() as { success: boolean; data?: { status: string; redirectTo: string }; busErrorMessage?: string };
  if (body.data?.status === 'new_password' && account.newPassword) {
    const json = { newPassword: account.newPassword, confirmPassword: account.newPassword };
    body = (await browser.request('POST', `/oidc/interaction/${uid}/new-password`, { json })).json() as typeof body;
  }
  if (!body.success || !body.data) throw new Error(`sign-in refused: ${body.busErrorMessage}`);
  if (body.data.status !== 'done') throw new Error(`sign-in asks for a code (${body.data.status})`);
  const callback = await followToCallback(browser, body.data.redirectTo);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback}`);
  const tokens = await exchangeCode(browser, code, verifier);
  if (tokens.statusCode !== 200) throw new Error(`token exchange failed: ${tokens.body}`);
  // The code and the PKCE verifier too: what a test of the logs looks for.
  return { ...(tokens.json() as Tokens), browser, code, verifier };
}

/** Ends the provider session of this browser, as the SPA's sign-out button does (or an app's, with its own address). */
export async function signOut(tokens: Pick<Tokens, 'id_token'> & { browser: TestBrowser }, postLogoutRedirectUri = `${TEST_PUBLIC_URL}/sso-fe/signin`): Promise<void> {
  const page = await tokens.browser.request('GET', `/oidc/session/end?${new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: postLogoutRedirectUri })}`);
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)![1]!;
  await tokens.browser.request('POST', '/oidc/session/end/confirm', { form: { xsrf, logout: 'yes' } });
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

type StepBody = {
  success: boolean;
  errorCode?: number;
  busErrorMessage?: string;
  errors?: { field: string; message: string }[];
  data?: { status: string; redirectTo?: string };
};

/** Posts to an interaction endpoint of the sign-in screens. */
export async function interactionPost(browser: TestBrowser, uid: string, path: string, json: unknown = {}, language = 'en') {
  const response = await browser.request('POST', `/oidc/interaction/${uid}/${path}`, { json, headers: { 'accept-language': language } });
  return { response, body: response.json() as StepBody };
}

/** Finishes an interaction that answered `done`: follows the redirects and exchanges the code. */
export async function finishSignIn(browser: TestBrowser, redirectTo: string, verifier: string): Promise<Tokens> {
  const callback = await followToCallback(browser, redirectTo);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${callback}`);
  const tokens = await exchangeCode(browser, code, verifier);
  if (tokens.statusCode !== 200) throw new Error(`token exchange failed: ${tokens.body}`);
  return tokens.json() as Tokens;
}

export function refresh(browser: TestBrowser, refreshToken: string, clientId = 'sso-fe') {
  return browser.request('POST', '/oidc/token', { form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId } });
}
