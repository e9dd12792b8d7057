import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewStaff } from '../../test/actors.ts';
import { SAMPLE_PASSWORD } from '../../test/samples.ts';
import { apiAs, callApi } from '../../test/api.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { heardEverything } from '../../test/invalidation.ts';
import { bearer, refresh, signIn, signOut } from '../../test/oidc-client.ts';
import { DEMO_UNIT_USER, startTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app.ts';

/**
 * Two instances on one PostgreSQL database behind a round-robin balancer: every request of a
 * browser goes to the other instance than the one before, so each step of a sign-in (the
 * authorization request, the login form, the redirects, the code exchange) changes instance.
 */
describe.runIf(DATABASE_KINDS.includes('postgres'))('two instances behind a round-robin balancer', () => {
  let t: TestApp;
  let other: { app: FastifyInstance; close: () => Promise<void> };
  let balancer: FastifyInstance;

  beforeAll(async () => {
    t = await startTestApp('postgres');
    other = await t.anotherInstance();
    let turn = 0;
    const instances = [t.app, other.app];
    // What a test browser needs of a server is `inject`: the balancer hands each to the next.
    balancer = { inject: (options: InjectOptions) => instances[turn++ % 2]!.inject(options) } as unknown as FastifyInstance;
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('finishes a sign-in begun on the other instance, and each honours the tokens the other issued', async () => {
    const tokens = await signIn(balancer, DEMO_UNIT_USER);
    for (const app of [t.app, other.app]) {
      expect((await callApi(app, tokens.access_token, '/api/User/GetListMenus')).json()).toMatchObject({ success: true });
    }
    // The refresh token one instance issued is redeemed by whichever the balancer picks.
    for (let i = 0; i < 2; i++) {
      const renewed = await refresh(tokens.browser, tokens.refresh_token!);
      expect(renewed.statusCode, renewed.body).toBe(200);
      tokens.refresh_token = renewed.json().refresh_token ?? tokens.refresh_token;
    }
  });

  it('ends a session on both when the user signs out through either', async () => {
    const tokens = await signIn(balancer, DEMO_UNIT_USER);
    await signOut(tokens);
    for (const app of [t.app, other.app]) {
      const refused = await app.inject({ method: 'POST', url: '/oidc/token', headers: { host: 'portal.test', 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: 'sso-fe' }).toString() });
      expect(refused.json().error).toBe('invalid_grant');
    }
  });

  // "Reaches every token of that session on every instance within a second" (ARCHITECTURE.md):
  // through the invalidation the database notifies. Asserted as the mechanism: once the other
  // instance has heard the change, its very next answer applies it.
  it('applies a removed permission and a lock made on one instance on the other once it hears them', async () => {
    const admin = apiAs(t, bearer((await signIn(t.app, TEST_ADMIN)).access_token));
    const { id: roleId } = await admin.data<{ id: string }>(admin.post('/api/Role/AddUpdateRole', { name: 'Kiểm toán hai máy', description: 'faults' }));
    await admin.data(admin.post('/api/Role/SavePermissions', { roleId, permissions: ['LOG_ACTION_LIST'] }));
    const staff = await signInNewStaff(t, bearer((await signIn(t.app, TEST_ADMIN)).access_token), [roleId]);
    const searchLogOnOther = () => other.app.inject({ method: 'POST', url: '/api/ActionLog/SearchActionLog', headers: staff.headers, payload: { pageIndex: 1, pageSize: 5 } });
    const profileOnOther = () => other.app.inject({ url: '/api/User/GetUserProfileCurrent', headers: staff.headers });
    expect((await searchLogOnOther()).statusCode).toBe(200);

    const heardOnOther = () => heardEverything(other.app.portal.invalidation, other.app.portal.db);
    await admin.data(admin.post('/api/Role/SavePermissions', { roleId, permissions: ['LOG_ACTION_VIEW'] }));
    await heardOnOther();
    expect((await searchLogOnOther()).statusCode).toBe(403);

    // Role changes end the account's sessions: sign in again to test the lock on a live token.
    const again = await signIn(t.app, { username: staff.username, password: SAMPLE_PASSWORD });
    const withNewToken = () => other.app.inject({ url: '/api/User/GetUserProfileCurrent', headers: bearer(again.access_token) });
    expect((await withNewToken()).statusCode).toBe(200);
    await admin.data(admin.post('/api/User/UpdateStatusUserWebPortal', { id: staff.id, status: 5 }));
    await heardOnOther();
    expect((await withNewToken()).statusCode).toBe(401);
    expect((await profileOnOther()).statusCode).toBe(401);
  });
});
