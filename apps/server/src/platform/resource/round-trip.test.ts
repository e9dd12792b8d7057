import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors, type ActorKey, type TestActor } from '../../../test/actors.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { contractOf, ResourceFixtures } from '../../../test/resource-fixtures.ts';
import { testedRoutes, routeKey } from '../../../test/route-calls.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

/** Fields a write may move although nothing was changed. */
// What moves on its own: edit times, and where the delivery of a change to a service app stands.
const MOVING = ['updatedAt', 'syncState', 'lastError'];

const withoutMoving = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).filter(([key]) => !MOVING.includes(key)));

/**
 * A record as its get call answers it is accepted back, unchanged, by the matching update call,
 * and reading it again gives the same record: clients load an object, edit a field and send it
 * all back. Generated from the route table for every resource, plus the hand-written pairs.
 */
describe.each(DATABASE_KINDS)('get → update unchanged → get on %s', async (kind) => {
  const t: TestApp = await startTestApp(kind);
  afterAll(() => t.close());
  const updates = testedRoutes(t.app.routeTable).filter((route) => route.resource && ['update', 'save'].includes(route.resource.operation));
  let actors: Record<ActorKey, TestActor>;
  let fixtures: ResourceFixtures;

  const read = async (url: string, actor: TestActor) => {
    const response = await t.app.inject({ url, headers: actor.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Record<string, unknown>;
  };
  const send = (url: string, actor: TestActor, payload: unknown) => t.app.inject({ method: 'POST', url, headers: actor.headers, payload: payload as object });

  async function roundTrip(getUrl: string, updateUrl: string, actor: TestActor): Promise<void> {
    const before = await read(getUrl, actor);
    const response = await send(updateUrl, actor, before);
    expect(response.statusCode, `${updateUrl} refused its own record: ${response.body}`).toBe(200);
    expect(response.json().success, response.body).toBe(true);
    expect(withoutMoving(await read(getUrl, actor))).toEqual(withoutMoving(before));
  }

  beforeAll(async () => {
    actors = await signInActors(t);
    fixtures = await ResourceFixtures.create(t, actors.platformAdmin.headers);
  });

  it('finds the update calls of the resources', () => {
    expect(updates.length).toBeGreaterThan(0);
  });

  for (const route of updates) {
    it(`${routeKey(route)} takes back what ${route.resource!.name}'s get answered`, async () => {
      const contract = contractOf(route.resource!.name);
      const target = await fixtures.fresh(contract.name);
      await roundTrip(`/api${contract.paths.get!.replace(':id', target.id)}`, route.url, actors.platformAdmin);
    });
  }

  it('a read-only field sent with another value is ignored, and an unknown key is refused by name', async () => {
    const route = updates.find((candidate) => candidate.resource!.name === 'UnitUser')!;
    const target = await fixtures.fresh('UnitUser');
    const getUrl = `/api/User/GetById/${target.id}`;
    const before = await read(getUrl, actors.platformAdmin);
    const changed = await send(route.url, actors.platformAdmin, { ...before, unitName: 'Another unit', isLocked: true, reportToName: 'Somebody' });
    expect(changed.json().success, changed.body).toBe(true);
    expect(await read(getUrl, actors.platformAdmin)).toEqual(before);

    const unknown = await send(route.url, actors.platformAdmin, { ...before, favouriteColour: 'blue' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.map((error: { field: string }) => error.field)).toContain('body.favouriteColour');
  });

  it('the account information form takes back the profile', async () => {
    await roundTrip('/api/User/GetUserProfileCurrent', '/api/User/UpdateUserProfileCurrent', actors.unitUserA);
  });

  it("a unit administrator's details take back their user record", async () => {
    const admin = await fixtures.fresh('UnitUser', { isAdmin: true });
    await roundTrip(`/api/User/GetById/${admin.id}`, '/api/User/UpdateUserAdminUnit', actors.platformAdmin);
  });

  it('a two-factor policy takes back what GetConfig answered', async () => {
    const unitId = fixtures.context.unitId;
    await roundTrip(`/api/TwoFAConfig/GetConfig?unitId=${unitId}`, '/api/TwoFAConfig/AddUpdate', actors.platformAdmin);
  });
});
