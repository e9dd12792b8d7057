import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { actionLogs } from '../src/db/schema/index.ts';
import { callApi } from './api.ts';
import { interactionPost, signIn, startAuthorization, TestBrowser } from './oidc-client.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';
import { TEST_PUBLIC_URL, type TestApp } from './test-app.ts';

export const DEMO_PASSWORD = 'Demo@2026';
export const RELYING_PARTY = { origin: TEST_PUBLIC_URL, rpId: new URL(TEST_PUBLIC_URL).hostname };

/** The passkey journeys of the API tests: registered from the account, and signing in with one. */
export function passkeyJourneys(t: TestApp) {
  const api = (token: string, url: string, body?: object) => callApi(t.app, token, url, body);

  /** Signs in with the password and registers a software passkey (the browser keeps the device cookie). */
  async function withPasskey(username: string) {
    const { access_token, browser } = await signIn(t.app, { username, password: DEMO_PASSWORD });
    const authenticator = new SoftAuthenticator(RELYING_PARTY);
    const options = (await api(access_token, '/api/Passkey/RegisterOptions', { password: DEMO_PASSWORD })).json().data;
    const added = (await api(access_token, '/api/Passkey/Register', { name: 'Laptop', response: authenticator.register(options) })).json();
    expect(added).toMatchObject({ success: true, data: { name: 'Laptop', lastUsedAt: null, backedUp: true } });
    return { token: access_token, browser, authenticator, options, id: added.data.id as string };
  }

  /** A passkey sign-in up to the answer of its last step. */
  async function passkeySignIn(authenticator: SoftAuthenticator, ceremony: Parameters<SoftAuthenticator['assert']>[1] = {}) {
    const browser = new TestBrowser(t.app);
    const { uid, verifier } = await startAuthorization(browser);
    const options = (await interactionPost(browser, uid!, 'passkey/options')).response.json().data;
    expect(options.allowCredentials ?? []).toEqual([]);
    const { body } = await interactionPost(browser, uid!, 'passkey', { response: authenticator.assert(options, ceremony) });
    return { browser, uid: uid!, verifier, body, options };
  }

  /** The action-log rows of one account (or of nobody: null) in one category, oldest first, as [action, result, object name, content]. */
  async function logsOf(username: string, category: number) {
    const rows = await t.database.db
      .select()
      .from(actionLogs)
      .where(and(eq(actionLogs.username, username), eq(actionLogs.objectCategory, category)))
      .orderBy(asc(actionLogs.createdAt));
    return rows.map((row) => [row.action, row.result, row.objectName, row.content]);
  }

  return { api, withPasskey, passkeySignIn, logsOf };
}
