import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_CALLS } from '@portal/contracts';
import { callApi } from '../../test/api.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { refresh, signIn, signOut } from '../../test/oidc-client.ts';
import { signInAsAnother } from '../../test/sessions.ts';
import { CRM_APP, registerCrmApp, serviceAppTokensIn } from '../../test/service-client.ts';
import { DEMO_UNIT_ADMIN, DEMO_UNIT_USER, startTestApp, type TestApp } from '../../test/test-app.ts';
import { appUsers, users } from '../db/schema/index.ts';
import { timeUntil } from './load.ts';

/**
 * Two instances on one PostgreSQL database: a session ended through one is ended on the other
 * within a second — the grant's row goes, and the other instance hears it (LISTEN/NOTIFY) and
 * refuses the grant's access tokens from then on, although it had them verified in memory.
 */
describe.runIf(DATABASE_KINDS.includes('postgres'))('sign-outs reach a second instance', () => {
  let t: TestApp;
  let other: { app: FastifyInstance; close: () => Promise<void> };

  beforeAll(async () => {
    t = await startTestApp('postgres');
    await registerCrmApp(t);
    other = await t.anotherInstance();
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  /** A fresh session whose token the other instance has already accepted (and keeps verified in memory). */
  async function sessionKnownToOther(account = DEMO_UNIT_USER) {
    const session = await signIn(t.app, account);
    expect((await callApi(other.app, session.access_token, '/api/User/GetUserProfileCurrent')).statusCode).toBe(200);
    return session;
  }
  const refusedOnOther = (token: string) => timeUntil(async () => (await callApi(other.app, token, '/api/User/GetUserProfileCurrent')).statusCode === 401, 1000, 10);

  it("the portal's sign-out", async () => {
    const session = await sessionKnownToOther();
    await signOut(session);
    expect(await refusedOnOther(session.access_token)).toBeLessThan(1000);
  });

  it('RP-initiated logout by a service app', async () => {
    const session = await sessionKnownToOther();
    const crm = await serviceAppTokensIn(session.browser);
    await signOut({ ...crm.tokens, browser: session.browser }, CRM_APP.link);
    expect(await refusedOnOther(session.access_token)).toBeLessThan(1000);
  });

  it('a session the provider ends (another account signs in on the browser)', async () => {
    const session = await sessionKnownToOther();
    await signInAsAnother(session.browser, DEMO_UNIT_ADMIN);
    expect(await refusedOnOther(session.access_token)).toBeLessThan(1000);
  });

  it("an administrator's sign-out everywhere", async () => {
    const session = await sessionKnownToOther();
    const admin = await signIn(t.app, DEMO_UNIT_ADMIN);
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, DEMO_UNIT_USER.username));
    expect((await callApi(t.app, admin.access_token, `/api${USER_CALLS.signOutUnitUser.path}`, { id: user!.id })).json()).toMatchObject({ success: true });
    expect(await refusedOnOther(session.access_token)).toBeLessThan(1000);
  });

  it('a refresh the entitlement refuses ends the grant there too', async () => {
    const session = await sessionKnownToOther();
    const crm = await serviceAppTokensIn(session.browser);
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, DEMO_UNIT_USER.username));
    await t.database.db.update(appUsers).set({ status: 0 }).where(eq(appUsers.userId, user!.id));
    try {
      expect((await refresh(session.browser, crm.tokens.refresh_token!, CRM_APP.clientId)).json().error).toBe('invalid_grant');
      const userinfoOnOther = await other.app.inject({ url: '/oidc/me', headers: { host: 'portal.test', authorization: `Bearer ${crm.tokens.access_token}` } });
      expect(userinfoOnOther.statusCode).toBe(401);
      // The portal's own grant of that browser is another grant: it goes on.
      expect((await callApi(other.app, session.access_token, '/api/User/GetUserProfileCurrent')).statusCode).toBe(200);
    } finally {
      await t.database.db.update(appUsers).set({ status: 1 }).where(eq(appUsers.userId, user!.id));
    }
  });
});
