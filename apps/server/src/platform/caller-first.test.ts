import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { signIn } from '../../test/oidc-client.ts';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app.ts';

/** Bodies no route accepts: a caller who is nobody learns nothing about what a route expects. */
const MALFORMED = [{ '%zz': ['not', 'this'] }, 'not json at all'];

/**
 * Who the caller is comes before what they sent, on every route of the table: without (or with
 * wrong) credentials every route but the public ones answers 401, whatever the body — never a
 * 400 that would name the route's fields to a stranger, nor a 500.
 */
describe.each(DATABASE_KINDS)('who the caller is before what they sent, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers 401 on every non-public route to no credentials, wrong ones and a token of the wrong kind, before reading the body', async () => {
    const routes = t.app.routeTable.filter((route) => route.access !== 'public');
    expect(routes.length).toBeGreaterThan(200);
    // A route that authenticates its caller itself (a service app's) is one of them.
    expect(routes.filter((route) => route.access === 'service-app').map((route) => route.url)).toEqual(['/api/Notification/Push']);
    const staffToken = (await signIn(t.app, TEST_ADMIN)).access_token;
    const credentials = [
      undefined,
      'Bearer forged.token.here',
      `Basic ${Buffer.from('CRM:%zz').toString('base64')}`,
      // The portal's own token opens no service app's route.
      ...[`Bearer ${staffToken}`].map((header) => ({ header, only: 'service-app' as const })),
    ];
    const answered: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, () => randomUUID()).replace('*', 'x');
      for (const credential of credentials) {
        if (typeof credential === 'object' && route.access !== credential.only) continue;
        const authorization = typeof credential === 'object' ? credential.header : credential;
        for (const payload of route.method === 'GET' || route.method === 'DELETE' ? [undefined] : MALFORMED) {
          const response = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: { ...(authorization ? { authorization } : {}), ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}) },
            ...(payload === undefined ? {} : { payload: payload as object }),
          });
          if (response.statusCode !== 401) answered.push(`${route.method} ${route.url} (${authorization ?? 'no credentials'}): ${response.statusCode}`);
        }
      }
    }
    expect(answered).toEqual([]);
  });
});
