import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActor, type TestActor } from '../../test/actors.ts';
import { badCases, operationOf, type OpenApiOperation } from '../../test/bad-input.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { watchWrites } from '../../test/db-state.ts';
import { ResourceFixtures } from '../../test/resource-fixtures.ts';
import { injectOptions, testedRoutes, routeCallFor, routeKey } from '../../test/route-calls.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

describe.each(DATABASE_KINDS)('bad input on every route on %s', async (kind) => {
  // Generated from the route table and the OpenAPI document, which exist once the app is built.
  const t: TestApp = await startTestApp(kind);
  afterAll(() => t.close());
  const document = (await t.app.inject('/api/docs/json')).json();
  let admin: TestActor;
  let fixtures: ResourceFixtures;

  beforeAll(async () => {
    // The platform administrator holds every permission: only the input stands in the way.
    admin = await signInActor(t, 'platformAdmin');
    fixtures = await ResourceFixtures.create(t, admin.headers);
  });

  for (const route of testedRoutes(t.app.routeTable)) {
    const operation: OpenApiOperation | undefined = operationOf(document, route.method, route.url);
    const takesInput = Boolean(operation?.requestBody || operation?.parameters?.length);
    if (!takesInput) continue;

    it(`${routeKey(route)} refuses bad input with 400 naming the field, and writes nothing`, async () => {
      const call = routeCallFor(route);
      if (!call) throw new Error(`${routeKey(route)} has no request builder: add one to test/route-calls.ts`);
      const target = call.target ? await call.target(fixtures) : undefined;
      const valid = call.build(fixtures, target);
      const cases = badCases(valid, operation!);
      expect(cases.length).toBeGreaterThan(0);

      const mismatches: string[] = [];
      for (const bad of cases) {
        const writes = await watchWrites(t.database.db);
        const response = await t.app.inject(injectOptions(bad.call, admin.headers));
        const fields: string[] = response.statusCode === 400 ? response.json().errors.map((error: { field: string }) => error.field) : [];
        const written = await writes.tables();
        if (response.statusCode !== 400 || !fields.includes(bad.field) || written.length > 0) {
          mismatches.push(`${bad.name}: ${response.statusCode}, fields ${JSON.stringify(fields)}, wrote ${JSON.stringify(written)} — ${response.body.slice(0, 160)}`);
        }
      }
      expect(mismatches, `${cases.length} bad inputs tried`).toEqual([]);

      // The call they were made from is a good one: the refusals are the bad values' doing.
      const control = await t.app.inject(injectOptions(valid, admin.headers));
      expect(control.statusCode, control.body).toBe(200);
    });
  }
});
