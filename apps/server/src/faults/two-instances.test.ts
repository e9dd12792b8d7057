import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../test/api.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { refresh, signIn } from '../../test/oidc-client.ts';
import { DEMO_UNIT_USER, startTestApp, type TestApp } from '../../test/test-app.ts';

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
});
