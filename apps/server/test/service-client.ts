import { eq } from 'drizzle-orm';
import { services } from '../src/db/schema/index.ts';
import type { TestBrowser} from './oidc-client.ts';
import { signIn, startAuthorization, type Tokens } from './oidc-client.ts';
import type { TestApp } from './test-app.ts';

/** The CRM service's app as a relying party of the tests: its link is also its API's resource indicator. */
export const CRM_APP = {
  clientId: 'CRM',
  link: 'https://crm.example.test/',
  redirectUri: 'https://crm.example.test/signin-callback',
} as const;

/** Makes the CRM service an OIDC client (a redirect link), as its service screen does. */
export async function registerCrmApp(t: Pick<TestApp, 'database'>): Promise<string> {
  const [crm] = await t.database.db.update(services).set({ link: CRM_APP.link, redirectLink: CRM_APP.redirectUri }).where(eq(services.code, CRM_APP.clientId)).returning({ id: services.id });
  return crm!.id;
}

export interface ServiceSignIn {
  scope?: string;
  /** Asked at the authorization request and the code exchange (RFC 8707). */
  resource?: string;
  /** HTTP Basic client credentials, once the service's secret was rotated (a confidential client). */
  basic?: string;
}

/**
 * A service app's sign-in riding on the user's portal session, as the app switcher opens it:
 * the app's authorization request (no password asked) and its code exchange. Answers the token
 * endpoint's reply as it came.
 */
export async function serviceAppTokens(t: Pick<TestApp, 'app'>, account: { username: string; password: string }, options: ServiceSignIn = {}) {
  const portal = await signIn(t.app, account);
  return serviceAppTokensIn(portal.browser, options);
}

export async function serviceAppTokensIn(browser: TestBrowser, options: ServiceSignIn = {}) {
  const scope = options.scope ?? 'openid profile email';
  const started = await startAuthorization(browser, { clientId: CRM_APP.clientId, redirectUri: CRM_APP.redirectUri, scope, ...(options.resource ? { resource: options.resource } : {}) });
  const location = new URL(String(started.response.headers.location));
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`the CRM app got no code: ${location}`);
  const form: Record<string, string> = { grant_type: 'authorization_code', code, code_verifier: started.verifier, redirect_uri: CRM_APP.redirectUri };
  if (options.resource) form.resource = options.resource;
  if (!options.basic) form.client_id = CRM_APP.clientId;
  const response = await browser.request('POST', '/oidc/token', { form, ...(options.basic ? { headers: { authorization: options.basic } } : {}) });
  return { response, tokens: response.json() as Tokens & { scope?: string; token_type: string }, browser };
}
