import type { FastifyInstance } from 'fastify';
import { interactionPost, startAuthorization, TestBrowser, type Tokens } from './oidc-client.ts';

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

/**
 * Another account signs in on a browser that holds a session: asked for the password again
 * (`prompt=login`), the provider ends the first account's session itself (the end-session form
 * its page posts) before it goes on.
 */
export async function signInAsAnother(browser: TestBrowser, account: { username: string; password: string }): Promise<void> {
  const { uid } = await startAuthorization(browser, { prompt: 'login' });
  const login = await interactionPost(browser, uid!, 'login', account);
  const resume = await browser.request('GET', login.body.data!.redirectTo!);
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(resume.body)?.[1];
  if (!xsrf || !resume.body.includes('/oidc/session/end/confirm')) throw new Error(`the provider did not end the session: ${resume.body.slice(0, 200)}`);
  await browser.request('POST', '/oidc/session/end/confirm', { form: { xsrf, logout: 'yes' } });
}
