import type { FastifyInstance } from 'fastify';
import { startAuthorization, TestBrowser, type Tokens } from './oidc-client.ts';

/** Renews the session with its refresh token, as the SPA does silently; answers the token endpoint's status. */
export async function refreshStatus(tokens: Tokens & { browser: TestBrowser }): Promise<number> {
  const response = await tokens.browser.request('POST', '/oidc/token', {
    form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: 'sso-fe' },
  });
  return response.statusCode;
}

/** Submits the sign-in form; answers the refusal's error code, or undefined when the sign-in went through. */
export async function signInRefusal(app: FastifyInstance, account: { username: string; password: string }): Promise<number | undefined> {
  const browser = new TestBrowser(app);
  const { uid } = await startAuthorization(browser);
  const login = await browser.request('POST', `/oidc/interaction/${uid}/login`, { json: account });
  const body = login.json() as { success: boolean; errorCode?: number };
  return body.success ? undefined : body.errorCode;
}
