import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_RESULT } from '@portal/contracts';
import { accessText, expectedOutcome, foreignAgencyMarkers, foreignMarkers, OUTCOME_TEXT, rowsOf, type Outcome } from '../../test/access-expectations.ts';
import { ACCESS_TABLE } from '../../test/access-table.ts';
import { ACTOR_KEYS, ACTOR_LABELS, signInActors, type ActorKey, type TestActor } from '../../test/actors.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { watchWrites, type ActionLogRow } from '../../test/db-state.ts';
import { ResourceFixtures, type Target } from '../../test/resource-fixtures.ts';
import { injectOptions, NOT_CALLED, routeCallFor, routeKey, testedRoutes, type RouteCall } from '../../test/route-calls.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import type { RouteEntry } from './access.ts';

/** The calls the issue names (specification, section 7): the route table must offer each. */
const NAMED_BY_THE_ISSUE = [
  'POST /api/Unit/Search', 'GET /api/Unit/GetById/:id', 'POST /api/Unit/Create', 'POST /api/Unit/Update', 'DELETE /api/Unit/Delete/:id',
  'POST /api/Unit/UpdateStatus', 'POST /api/Unit/SendMailElearning', 'GET /api/Role/GetAssignPermissions',
  'POST /api/Role/SavePermissions', 'POST /api/Role/SearchRolePage', 'GET /api/Role/GetById/:id', 'POST /api/Role/AddUpdateRole',
  'DELETE /api/Role/DeleteRole/:id', 'POST /api/Role/UpdateStatusRole', 'POST /api/User/SearchUserWebPortal', 'GET /api/User/GetUserWebPortalById/:id',
  'POST /api/User/AddUpdateUserWebPortal', 'DELETE /api/User/DeleteUserWebPortal/:id', 'POST /api/User/UpdateStatusUserWebPortal',
  'POST /api/User/SearchUserAdminUnitPage', 'GET /api/User/GetById/:id', 'POST /api/User/UpdateUserAdminUnit', 'POST /api/User/AddUpdateUser',
  'DELETE /api/User/DeleteUser/:id', 'POST /api/User/UpdateStatusUser', 'POST /api/User/ResetPasswordUser', 'GET /api/User/GetListReportTo',
  'POST /api/ActionLog/SearchActionLog', 'GET /api/ActionLog/GetById/:id', 'GET /api/Category/GetByParentCode/:code',
  'POST /api/Channel/SearchChannelPage', 'GET /api/ChannelPackage/GetAllActive',
];

describe.each(DATABASE_KINDS)('access matrix on %s', async (kind) => {
  // The route table exists once the app is built; the matrix's tests are generated from it.
  const t: TestApp = await startTestApp(kind);
  afterAll(() => t.close());
  const routes = testedRoutes(t.app.routeTable);
  let actors: Record<ActorKey, TestActor>;
  let fixtures: ResourceFixtures;

  beforeAll(async () => {
    actors = await signInActors(t);
    fixtures = await ResourceFixtures.create(t, actors.platformAdmin.headers);
  });

  it(`covers every call the issue names: ${routes.length} routes × ${ACTOR_KEYS.length} actors = ${routes.length * ACTOR_KEYS.length} cells`, () => {
    console.log(`access matrix on ${kind}: ${routes.length} routes × ${ACTOR_KEYS.length} actors = ${routes.length * ACTOR_KEYS.length} cells`);
    expect(routes.map(routeKey)).toEqual(expect.arrayContaining(NAMED_BY_THE_ISSUE));
  });

  it('has the reviewed access table list every /api route with the access it declares', () => {
    const declared = Object.fromEntries(t.app.routeTable.filter((route) => route.url.startsWith('/api/')).map((route) => [routeKey(route), accessText(route.access)]));
    const reviewed = Object.fromEntries(Object.entries(ACCESS_TABLE).map(([key, [, access]]) => [key, access]));
    expect(declared).toEqual(reviewed);
    for (const [key, [who]] of Object.entries(ACCESS_TABLE)) expect(who, key).toMatch(/^[n-][u-][a-][b-][x-][y-][p-][s-]$/);
  });

  it('leaves out only routes that exist, each with its reason', () => {
    const keys = new Set(t.app.routeTable.map(routeKey));
    for (const [key, reason] of Object.entries(NOT_CALLED)) {
      expect(keys.has(key), `${key} is excluded but is no route`).toBe(true);
      expect(reason.length, key).toBeGreaterThan(20);
    }
  });

  for (const route of routes) {
    const call = routeCallFor(route);
    describe(routeKey(route), () => {
      if (!call) {
        it('has a request builder', () => {
          throw new Error(`${routeKey(route)} has no request builder: add one to test/route-calls.ts`);
        });
        return;
      }
      for (const key of ACTOR_KEYS) {
        it(`as ${ACTOR_LABELS[key]}`, async () => {
          await runCell(route, call, actors[key]);
        });
      }
    });
  }

  async function runCell(route: RouteEntry, call: RouteCall, actor: TestActor): Promise<void> {
    const { db } = t.database;
    const target = call.target ? await call.target(fixtures) : undefined;
    const outcome: Outcome = expectedOutcome(route, actor, target);
    const request = call.build(fixtures, target);
    const snapshot = target && (await fixtures.snapshot(target));
    const writes = await watchWrites(db);

    const response = await t.app.inject(injectOptions(request, actor.headers));
    const context = `${routeKey(route)} as ${actor.label}: expected ${OUTCOME_TEXT[outcome]}, got ${response.statusCode} ${response.body.slice(0, 300)}`;
    const changed = await writes.tables();
    const added = await writes.actionLogs();
    if (actor.unitId !== null) {
      const leaked = await foreignMarkers(db, actor.unitId, response.body);
      expect(leaked, `${context}\nshows another unit's data`).toEqual([]);
    }
    if (actor.agencyId !== null) {
      const leaked = await foreignAgencyMarkers(db, actor.agencyId, response.body);
      expect(leaked, `${context}\nshows data of another agency or of a unit it did not bring`).toEqual([]);
    }

    if (outcome !== 'allowed') {
      const refusal = { unauthenticated: [401], forbidden: [403], hidden: [403, 404] }[outcome];
      expect(refusal, context).toContain(response.statusCode);
      expect(response.json().success, context).toBe(false);
      expect(changed.filter((table) => table !== 'action_logs'), `${context}\nwrote to the database`).toEqual([]);
      const logged = outcome !== 'unauthenticated' && call.audit !== undefined;
      expect(added, `${context}\naction-log rows`).toHaveLength(logged ? 1 : 0);
      if (logged) expectRefusalRow(added[0]!, call, actor, context);
      if (outcome === 'hidden') await expectUniformRefusal(call, actor, target!, response);
      return;
    }

    expect(response.statusCode, context).toBe(200);
    const body = response.json();
    expect(body.success, context).toBe(true);
    switch (call.kind) {
      case 'read':
        expect(response.body, context).toContain(target!.id);
        break;
      case 'list': {
        const rows = rowsOf(body.data);
        const platform = actor.unitId === null && actor.agencyId === null;
        if (platform) expect(rows.length, `${context}\nan empty list`).toBeGreaterThan(0);
        if (actor.unitId !== null) for (const row of rows) if ('unitId' in row) expect(row.unitId, context).toBe(actor.unitId);
        // An agency's user lists their own agency (its record, its roles, users and units) only.
        if (actor.agencyId !== null) {
          for (const row of rows) {
            if (route.resource?.name === 'Agency') expect(row.id, context).toBe(actor.agencyId);
            else if ('agencyId' in row) expect(row.agencyId, context).toBe(actor.agencyId);
          }
        }
        break;
      }
      case 'write':
        expect(await fixtures.snapshot(target!), `${context}\nchanged nothing`).not.toEqual(snapshot);
        expectChangeRows(added, call, actor, target!.id, target!.unitId, context);
        break;
      case 'create': {
        const created = await fixtures.targetOf(route.resource!.name, body.data.id);
        expectChangeRows(added, call, actor, created.id, created.unitId, context);
        break;
      }
      case 'own':
        break;
    }
  }

  function expectRefusalRow(row: ActionLogRow, call: RouteCall, actor: TestActor, context: string): void {
    expect(row, `${context}\nthe refusal's action-log row`).toMatchObject({
      result: LOG_RESULT.failure,
      objectCategory: call.audit!.object,
      action: call.audit!.action,
      username: actor.username,
      userId: actor.userId,
      // Logged as the caller's own: another unit's log never learns of the attempt's object.
      unitId: actor.unitId,
    });
  }

  /** A successful change writes exactly one row about its object, or none when the route is not audited. */
  function expectChangeRows(added: ActionLogRow[], call: RouteCall, actor: TestActor, objectId: string, unitId: string | null, context: string): void {
    if (!call.audit) {
      expect(added, `${context}\naction-log rows of an unaudited call`).toEqual([]);
      return;
    }
    expect(added, `${context}\naction-log rows`).toHaveLength(1);
    expect(added[0], `${context}\nthe change's action-log row`).toMatchObject({
      result: LOG_RESULT.success,
      objectCategory: call.audit.object,
      action: call.audit.action,
      username: actor.username,
      objectId,
      unitId,
    });
    expect(added[0]!.content, context).toBeTruthy();
  }

  /** Another unit's object is refused exactly like an id that does not exist: no existence oracle. */
  async function expectUniformRefusal(call: RouteCall, actor: TestActor, target: Target, refused: { statusCode: number; body: string }): Promise<void> {
    const unknown = call.build(fixtures, { ...target, id: randomUUID() });
    const response = await t.app.inject(injectOptions(unknown, actor.headers));
    expect({ status: response.statusCode, body: response.body }, 'an unknown id is refused the same way').toEqual({ status: refused.statusCode, body: refused.body });
  }
});
