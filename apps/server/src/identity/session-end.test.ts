import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_ACTION, LOG_OBJECT, USER_CALLS } from '@portal/contracts';
import { callApi } from '../../test/api.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { eventually } from '../../test/eventually.ts';
import { heardEverything } from '../../test/invalidation.ts';
import { refresh, signIn, signOut, type TestBrowser, type Tokens } from '../../test/oidc-client.ts';
import { signInAsAnother } from '../../test/sessions.ts';
import { CRM_APP, registerCrmApp, serviceAppTokensIn } from '../../test/service-client.ts';
import { DEMO_UNIT_ADMIN, DEMO_UNIT_USER, startTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app.ts';
import { actionLogs, integrations, users } from '../db/schema/index.ts';

type Session = Tokens & { browser: TestBrowser };

/** A CRM app listening for back-channel logout tokens on a real port (the provider posts them). */
async function logoutListener() {
  const received: Record<string, unknown>[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const token = new URLSearchParams(body).get('logout_token');
      if (token) received.push(decodeJwt(token));
      response.writeHead(200).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/bcl`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Sign-out reaches every access token of the session within a second: the API refuses them, the apps hear it. */
describe.each(DATABASE_KINDS)('sign-outs end the access tokens of their session, on %s', (kind) => {
  let t: TestApp;
  let app: Awaited<ReturnType<typeof logoutListener>>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const crmId = await registerCrmApp(t);
    app = await logoutListener();
    await t.database.db.insert(integrations).values({ serviceId: crmId, backchannelLogoutUri: app.url });
  });
  afterAll(async () => {
    await app?.close();
    await t.close();
  });

  const profile = (token: string) => callApi(t.app, token, '/api/User/GetUserProfileCurrent');
  /**
   * What the API answers a token once the instance has heard every change committed so far
   * (the invalidation that carries a session's end to every instance "within a second",
   * ARCHITECTURE.md): the mechanism, not the machine's speed.
   */
  const answerOnceHeard = async (token: string) => {
    await heardEverything(t.app.portal.invalidation, t.database.db);
    return (await profile(token)).statusCode;
  };
  const userinfo = (token: string) => t.app.inject({ url: '/oidc/me', headers: { host: 'portal.test', authorization: `Bearer ${token}` } });

  async function portalAndCrm(account: { username: string; password: string }) {
    const portal: Session = await signIn(t.app, account);
    const crm = await serviceAppTokensIn(portal.browser);
    expect((await profile(portal.access_token)).statusCode).toBe(200);
    expect((await userinfo(crm.tokens.access_token)).statusCode).toBe(200);
    return { portal, crm: crm.tokens };
  }

  it("the portal's sign-out: its token dies on the API, the app's at userinfo, and the app hears a logout token", async () => {
    const { portal, crm } = await portalAndCrm(DEMO_UNIT_USER);
    const elsewhere = await signIn(t.app, DEMO_UNIT_USER);
    const heard = app.received.length;
    await signOut(portal);
    expect(await answerOnceHeard(portal.access_token)).toBe(401);
    expect((await userinfo(crm.access_token)).statusCode).toBe(401);
    expect((await refresh(portal.browser, portal.refresh_token!)).json().error).toBe('invalid_grant');
    // The same user's other browser is another session: it goes on.
    expect((await profile(elsewhere.access_token)).statusCode).toBe(200);
    const logout = app.received.slice(heard);
    expect(logout).toEqual([expect.objectContaining({ aud: CRM_APP.clientId, sub: decodeJwt(crm.id_token).sub, sid: decodeJwt(crm.id_token).sid })]);
  });

  it("RP-initiated logout from a service app ends the portal's tokens of that session too", async () => {
    const { portal, crm } = await portalAndCrm(DEMO_UNIT_USER);
    await signOut({ ...crm, browser: portal.browser }, CRM_APP.link);
    expect(await answerOnceHeard(portal.access_token)).toBe(401);
    expect((await userinfo(crm.access_token)).statusCode).toBe(401);
  });

  it('a session the provider ends (another account signs in on the same browser) takes its tokens with it', async () => {
    const first: Session = await signIn(t.app, DEMO_UNIT_USER);
    expect((await profile(first.access_token)).statusCode).toBe(200);
    await signInAsAnother(first.browser, DEMO_UNIT_ADMIN);
    expect(await answerOnceHeard(first.access_token)).toBe(401);
  });

  it("an administrator's sign-out everywhere ends every session of the user, audited, and the apps hear it", async () => {
    const { portal, crm } = await portalAndCrm(DEMO_UNIT_USER);
    const other: Session = await signIn(t.app, DEMO_UNIT_USER);
    const admin: Session = await signIn(t.app, DEMO_UNIT_ADMIN);
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, DEMO_UNIT_USER.username));
    const heard = app.received.length;
    const answer = await callApi(t.app, admin.access_token, `/api${USER_CALLS.signOutUnitUser.path}`, { id: user!.id });
    expect(answer.json()).toEqual({ success: true, data: true });
    for (const token of [portal.access_token, other.access_token]) expect(await answerOnceHeard(token)).toBe(401);
    expect((await userinfo(crm.access_token)).statusCode).toBe(401);
    expect((await refresh(other.browser, other.refresh_token!)).json().error).toBe('invalid_grant');
    const [row] = await t.database.db.select().from(actionLogs).where(and(eq(actionLogs.objectId, user!.id), eq(actionLogs.objectCategory, LOG_OBJECT.userByUnit))).orderBy(desc(actionLogs.createdAt)).limit(1);
    expect(row).toMatchObject({ action: LOG_ACTION.edit, result: 1, username: DEMO_UNIT_ADMIN.username, objectName: DEMO_UNIT_USER.username });
    // The back-channel logout is queued with the change and delivered by the provisioning worker.
    t.app.portal.kickProvisioning();
    const sid = decodeJwt(crm.id_token).sid;
    await eventually(() => app.received.slice(heard), (tokens) => tokens.some((token) => token.aud === CRM_APP.clientId && token.sid === sid), 'the logout token');
    // The user signs in again afterwards as usual.
    expect((await profile((await signIn(t.app, DEMO_UNIT_USER)).access_token)).statusCode).toBe(200);
  });

  it("signs platform staff out everywhere from the admin accounts' call; a unit's admin cannot reach them", async () => {
    const platform: Session = await signIn(t.app, TEST_ADMIN);
    const staffSession: Session = await signIn(t.app, TEST_ADMIN);
    const [staff] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, TEST_ADMIN.username));
    const unitAdmin: Session = await signIn(t.app, DEMO_UNIT_ADMIN);
    expect((await callApi(t.app, unitAdmin.access_token, `/api${USER_CALLS.signOutAdminAccount.path}`, { id: staff!.id })).statusCode).toBe(403);
    expect((await callApi(t.app, unitAdmin.access_token, `/api${USER_CALLS.signOutUnitUser.path}`, { id: staff!.id })).statusCode).toBe(404);
    expect((await callApi(t.app, platform.access_token, `/api${USER_CALLS.signOutAdminAccount.path}`, { id: staff!.id })).json()).toEqual({ success: true, data: true });
    expect(await answerOnceHeard(staffSession.access_token)).toBe(401);
  });
});
