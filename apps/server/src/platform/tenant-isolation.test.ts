import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors, UNIT_B, unitIdOf, type ActorKey, type TestActor } from '../../test/actors.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { ResourceFixtures, type Target } from '../../test/resource-fixtures.ts';
import { unitUserSample } from '../../test/samples.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { userRoles, users } from '../db/schema/index.ts';

/** The probes the matrix's one request per cell cannot make: ids swapped between path and body, and self-updates. */
describe.each(DATABASE_KINDS)('tenant isolation on %s', (kind) => {
  let t: TestApp;
  let actors: Record<ActorKey, TestActor>;
  let fixtures: ResourceFixtures;
  let unitA: string;
  let unitB: string;
  let userOfA: Target;

  const call = (actor: TestActor, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: actor.headers, ...(payload ? { payload } : {}) });
  const row = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
  const roleIdsOf = async (id: string) => (await t.database.db.select().from(userRoles).where(eq(userRoles.userId, id))).map((r) => r.roleId).sort();

  beforeAll(async () => {
    t = await startTestApp(kind);
    actors = await signInActors(t);
    fixtures = await ResourceFixtures.create(t, actors.platformAdmin.headers);
    unitA = fixtures.context.unitId;
    unitB = await unitIdOf(t, UNIT_B);
    userOfA = await fixtures.fresh('UnitUser');
  });
  afterAll(() => t.close());

  describe("unit B's admin naming unit A in the body", () => {
    it('adds the user to unit B, whatever unitId says', async () => {
      const response = await call(actors.unitAdminB, 'POST', '/api/User/AddUpdateUser', unitUserSample.create({ ...fixtures.context, unitId: unitA }));
      expect(response.json()).toMatchObject({ success: true });
      expect((await row(response.json().data.id))!.unitId).toBe(unitB);
    });

    it('edits their own user without moving it to unit A', async () => {
      const added = (await call(actors.unitAdminB, 'POST', '/api/User/AddUpdateUser', unitUserSample.create({ ...fixtures.context, unitId: unitB }))).json().data.id;
      const record = (await call(actors.unitAdminB, 'GET', `/api/User/GetById/${added}`)).json().data;
      const response = await call(actors.unitAdminB, 'POST', '/api/User/AddUpdateUser', { ...unitUserSample.update(record), unitId: unitA });
      expect(response.json()).toMatchObject({ success: true });
      expect(await row(added)).toMatchObject({ unitId: unitB, firstName: `${record.firstName} edited` });
    });

    it('cannot make a user of B report to a user of A', async () => {
      const record = (await call(actors.unitAdminB, 'POST', '/api/User/SearchUserAdminUnitPage', { pageIndex: 1, pageSize: 1, isAdmin: false })).json().data.records[0];
      const response = await call(actors.unitAdminB, 'POST', '/api/User/AddUpdateUser', { ...unitUserSample.update(record), reportToId: userOfA.id });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([expect.objectContaining({ field: 'body.reportToId' })]);
      expect((await row(record.id))!.reportToId).toBe(record.reportToId);
    });

    it("cannot delete A's user by putting one of B's in the body beside the path", async () => {
      const ofB = (await call(actors.unitAdminB, 'POST', '/api/User/AddUpdateUser', unitUserSample.create({ ...fixtures.context, unitId: unitB }))).json().data.id;
      const response = await t.app.inject({ method: 'DELETE', url: `/api/User/DeleteUser/${userOfA.id}`, headers: actors.unitAdminB.headers, payload: { id: ofB } });
      expect(response.statusCode).toBe(404);
      expect(await row(userOfA.id)).toBeDefined();
      expect(await row(ofB)).toBeDefined();
    });

    it("gets none of unit A's rows from lists filtered by unit A", async () => {
      const people = await call(actors.unitAdminB, 'POST', '/api/User/SearchUserAdminUnitPage', { pageIndex: 1, pageSize: 200, unitId: unitA });
      expect(people.json().data).toEqual({ records: [], totalRecord: 0 });
      const log = await call(actors.unitAdminB, 'POST', '/api/ActionLog/SearchActionLog', { pageIndex: 1, pageSize: 200, unitId: unitA });
      expect(log.json().data).toEqual({ records: [], totalRecord: 0 });
      const reportTo = (await call(actors.unitAdminB, 'GET', `/api/User/GetListReportTo?unitId=${unitA}`)).json().data.records as { id: string }[];
      const unitsOf = await Promise.all(reportTo.map(async (option) => (await row(option.id))!.unitId));
      expect(reportTo.length).toBeGreaterThan(0);
      expect(new Set(unitsOf)).toEqual(new Set([unitB]));
    });
  });

  describe('one kind of account through the calls of another', () => {
    it("refuses platform staff through the unit users' calls", async () => {
      const staff = actors.platformAdmin.userId!;
      expect((await call(actors.platformAdmin, 'GET', `/api/User/GetById/${staff}`)).statusCode).toBe(404);
      expect((await call(actors.platformAdmin, 'POST', '/api/User/UpdateStatusUser', { id: staff, status: 5 })).statusCode).toBe(404);
      expect((await call(actors.platformAdmin, 'POST', '/api/User/ResetPasswordUser', { id: staff })).statusCode).toBe(404);
      expect((await call(actors.unitAdminA, 'GET', `/api/User/GetById/${staff}`)).statusCode).toBe(404);
      expect(await row(staff)).toMatchObject({ status: 1, tokensValidAfter: null });
    });

    it("refuses a unit's users through the admin accounts' calls", async () => {
      expect((await call(actors.platformAdmin, 'GET', `/api/User/GetUserWebPortalById/${userOfA.id}`)).statusCode).toBe(404);
      expect((await call(actors.platformAdmin, 'POST', '/api/User/UpdateStatusUserWebPortal', { id: userOfA.id, status: 5 })).statusCode).toBe(404);
      expect((await call(actors.platformAdmin, 'DELETE', `/api/User/DeleteUserWebPortal/${userOfA.id}`)).statusCode).toBe(404);
      expect(await row(userOfA.id)).toMatchObject({ status: 1, unitId: unitA });
    });

    it("refuses a plain user through the unit administrators' edit", async () => {
      const response = await call(actors.platformAdmin, 'POST', '/api/User/UpdateUserAdminUnit', {
        id: userOfA.id,
        email: 'taken.over@example.com',
        firstName: 'X',
        lastName: 'Y',
      });
      expect(response.statusCode).toBe(404);
      expect((await row(userOfA.id))!.email).toBe(userOfA.record.email);
    });
  });

  describe('a self-update', () => {
    const selfAsUnitUser = async () => (await call(actors.unitAdminA, 'GET', `/api/User/GetById/${actors.unitAdminA.userId}`)).json().data;

    it("cannot drop one's own unit administrator role, lock or delete oneself", async () => {
      const me = await selfAsUnitUser();
      const roles = await roleIdsOf(me.id);
      for (const change of [{ isAdmin: false }, { status: 5 }]) {
        const response = await call(actors.unitAdminA, 'POST', '/api/User/AddUpdateUser', { ...unitUserSample.update(me), ...change });
        expect(response.json(), JSON.stringify(change)).toMatchObject({ success: false, errorCode: 5 });
      }
      expect((await call(actors.unitAdminA, 'POST', '/api/User/UpdateStatusUser', { id: me.id, status: 5 })).json()).toMatchObject({ success: false, errorCode: 5 });
      expect((await call(actors.unitAdminA, 'DELETE', `/api/User/DeleteUser/${me.id}`)).json()).toMatchObject({ success: false, errorCode: 5 });
      expect(await roleIdsOf(me.id)).toEqual(roles);
      expect(await row(me.id)).toMatchObject({ status: 1, unitId: unitA, isUserUnit: false });
    });

    it("cannot move oneself to another unit, nor give oneself flags or roles", async () => {
      const me = await selfAsUnitUser();
      const moved = await call(actors.unitAdminA, 'POST', '/api/User/AddUpdateUser', { ...unitUserSample.update(me), unitId: unitB });
      expect(moved.json()).toMatchObject({ success: true });
      for (const extra of [{ isAdminIAM: true }, { roleIds: [fixtures.context.platformRoleId] }]) {
        const response = await call(actors.unitAdminA, 'POST', '/api/User/AddUpdateUser', { ...unitUserSample.update(me), ...extra });
        expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      }
      // The export option is on the record the list returns, so the update takes it back read-only: ignored.
      const exportAsked = await call(actors.unitAdminA, 'POST', '/api/User/AddUpdateUser', { ...unitUserSample.update(me), allowExport: true });
      expect(exportAsked.json()).toMatchObject({ success: true });
      expect(await row(me.id)).toMatchObject({ unitId: unitA, allowExport: false, isAdminIam: false, isUserWebPortal: false });
      const menus = (await call(actors.unitAdminA, 'GET', '/api/User/GetListMenus')).json().data;
      expect(menus.permissionCurrents).not.toContain('SYSTEM_ROLEIAM_LIST');
    });

    it("as platform staff, changes one's own details but not one's roles, export option or status", async () => {
      const admin = actors.platformAdmin;
      const me = (await call(admin, 'GET', `/api/User/GetUserWebPortalById/${admin.userId}`)).json().data;
      const own = { id: me.id, email: me.email, firstName: me.firstName, lastName: me.lastName, mobile: '0987654321', roleIds: me.roleIds, allowExport: me.allowExport, status: me.status };
      for (const change of [{ roleIds: [(await fixtures.fresh('Role')).id] }, { allowExport: false }, { status: 5 }]) {
        const response = await call(admin, 'POST', '/api/User/AddUpdateUserWebPortal', { ...own, ...change });
        expect(response.json(), JSON.stringify(change)).toMatchObject({ success: false, errorCode: 5 });
      }
      expect((await call(admin, 'POST', '/api/User/UpdateStatusUserWebPortal', { id: me.id, status: 5 })).json()).toMatchObject({ success: false, errorCode: 5 });
      expect((await call(admin, 'POST', '/api/User/AddUpdateUserWebPortal', { ...own, unitId: unitA })).statusCode).toBe(400);
      expect(await roleIdsOf(me.id)).toEqual(me.roleIds);
      expect(await row(me.id)).toMatchObject({ allowExport: true, status: 1, unitId: null, mobile: null });

      expect((await call(admin, 'POST', '/api/User/AddUpdateUserWebPortal', own)).json()).toEqual({ success: true, data: { id: me.id } });
      expect(await row(me.id)).toMatchObject({ mobile: '0987654321', tokensValidAfter: null });
    });
  });
});
