import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, LOCKOUT, type UnitUserRecord } from '@portal/contracts';
import { signInActors, UNIT_A, UNIT_B, unitIdOf, type ActorKey, type TestActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { lastMailTo, passwordInMail } from '../../../test/db-state.ts';
import { bearer, signIn } from '../../../test/oidc-client.ts';
import { OTHER_PASSWORD, SAMPLE_PASSWORD, unitUserSample } from '../../../test/samples.ts';
import { refreshStatus, signInRefusal } from '../../../test/sessions.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { roles, userRoles, users } from '../../db/schema/index.ts';

type Page = { records: UnitUserRecord[]; totalRecord: number };

describe.each(DATABASE_KINDS)('unit users on %s', (kind) => {
  let t: TestApp;
  let actors: Record<ActorKey, TestActor>;
  let unitAdmin: Api;
  let platform: Api;
  let unitA: string;
  let unitB: string;

  const add = async (api: Api, extra: object = {}) =>
    (await api.data<{ id: string }>(api.post('/api/User/AddUpdateUser', { ...unitUserSample.create({ unitId: unitA, platformRoleId: '' }), ...extra }))).id;
  const record = (id: string) => platform.data<UnitUserRecord>(platform.get(`/api/User/GetById/${id}`));
  const edit = async (api: Api, id: string, change: object) => api.post('/api/User/AddUpdateUser', { ...unitUserSample.update(await record(id)), ...change });
  const idOf = async (username: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
  const builtInRolesOf = async (id: string) =>
    (await t.database.db.select({ code: roles.code }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, id))).map((r) => r.code);

  beforeAll(async () => {
    t = await startTestApp(kind);
    actors = await signInActors(t);
    unitAdmin = apiAs(t, actors.unitAdminA.headers);
    platform = apiAs(t, actors.platformAdmin.headers);
    unitA = await unitIdOf(t, UNIT_A);
    unitB = await unitIdOf(t, UNIT_B);
  });
  afterAll(() => t.close());

  it("lets a unit administrator add a user to their unit with every field, and mails a password they can sign in with", async () => {
    const manager = await idOf(`chi.${UNIT_A}`);
    const id = await add(unitAdmin, {
      unitId: unitB,
      password: null,
      confirmPassword: null,
      description: 'Nhân viên kinh doanh',
      reportToId: manager,
      groupCode: 'NORTH',
      extensionOption: 2,
      extensionNumber: '1001',
      cucmPassword: 'Cucm#Secret1',
    });
    const user = await record(id);
    expect(user).toMatchObject({ unitId: unitA, unitName: 'Công ty TNHH Minh Phát', description: 'Nhân viên kinh doanh', reportToId: manager, reportToName: 'Lê Chi' });
    expect(user).toMatchObject({ positionCode: 'STAFF', departmentCode: 'SALES', groupCode: 'NORTH', extensionOption: 2, extensionNumber: '1001', isAdmin: false, status: 1, isLocked: false });
    expect(JSON.stringify(user)).not.toMatch(/cucm|Cucm#Secret1|password/i);
    expect(await builtInRolesOf(id)).toEqual([BUILT_IN_ROLES.unitUser]);

    const mail = await lastMailTo(t.database.db, user.email);
    const session = apiAs(t, bearer((await signIn(t.app, { username: user.username, password: passwordInMail(mail!.textBody), newPassword: OTHER_PASSWORD })).access_token));
    expect(await session.data(session.get('/api/User/GetUserProfileCurrent'))).toMatchObject({ id, unitId: unitA, isUserUnit: true, isAdminUnit: false });
  });

  it('refuses a taken username (11) or e-mail (8)', async () => {
    expect((await unitAdmin.post('/api/User/AddUpdateUser', { ...unitUserSample.create({ unitId: unitA, platformRoleId: '' }), username: `Binh.${UNIT_B}` })).json()).toMatchObject({ success: false, errorCode: 11 });
    expect((await unitAdmin.post('/api/User/AddUpdateUser', { ...unitUserSample.create({ unitId: unitA, platformRoleId: '' }), email: `binh@${UNIT_B}.example.com` })).json()).toMatchObject({ success: false, errorCode: 8 });
  });

  it('edits a user, keeping report-to inside the unit and away from the user themselves', async () => {
    const id = await add(unitAdmin);
    expect((await edit(unitAdmin, id, { lastName: 'Đỗ', firstName: 'Hà', mobile: '0987000111' })).json()).toEqual({ success: true, data: { id } });
    expect(await record(id)).toMatchObject({ fullName: 'Đỗ Hà', mobile: '0987000111' });
    for (const reportToId of [await idOf(`chi.${UNIT_B}`), id]) {
      const refused = await edit(unitAdmin, id, { reportToId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([expect.objectContaining({ field: 'body.reportToId' })]);
    }
    expect((await record(id)).reportToId).toBeNull();
  });

  it('makes a user unit administrator with IsAdmin, and back', async () => {
    const id = await add(unitAdmin, { password: SAMPLE_PASSWORD, confirmPassword: SAMPLE_PASSWORD });
    await unitAdmin.data(edit(unitAdmin, id, { isAdmin: true }));
    expect(await builtInRolesOf(id)).toEqual([BUILT_IN_ROLES.unitAdmin]);
    const admins = await unitAdmin.data<Page>(unitAdmin.post('/api/User/SearchUserAdminUnitPage', { pageIndex: 1, pageSize: 200, isAdmin: true }));
    expect(admins.records.map((r) => r.id).sort()).toEqual([actors.unitAdminA.userId, id].sort());
    const promoted = apiAs(t, bearer((await signIn(t.app, { username: (await record(id)).username, password: SAMPLE_PASSWORD })).access_token));
    expect((await promoted.post('/api/User/SearchUserAdminUnitPage', { pageIndex: 1, pageSize: 5 })).statusCode).toBe(200);

    await unitAdmin.data(edit(unitAdmin, id, { isAdmin: false }));
    expect(await builtInRolesOf(id)).toEqual([BUILT_IN_ROLES.unitUser]);
    expect((await promoted.post('/api/User/SearchUserAdminUnitPage', { pageIndex: 1, pageSize: 5 })).statusCode).toBe(403);
    expect((await t.database.db.select({ isUserUnit: users.isUserUnit }).from(users).where(eq(users.id, id)))[0]!.isUserUnit).toBe(true);
  });

  it('locks a user out of every session, and unlocks them', async () => {
    const id = await add(unitAdmin, { password: SAMPLE_PASSWORD, confirmPassword: SAMPLE_PASSWORD });
    const { username } = await record(id);
    const tokens = await signIn(t.app, { username, password: SAMPLE_PASSWORD });
    expect(await unitAdmin.data(unitAdmin.post('/api/User/UpdateStatusUser', { id, status: 5 }))).toBe(true);
    expect(await record(id)).toMatchObject({ status: 5 });
    expect((await apiAs(t, bearer(tokens.access_token)).get('/api/User/GetUserProfileCurrent')).statusCode).toBe(401);
    expect(await refreshStatus(tokens)).toBe(400);
    expect(await signInRefusal(t.app, { username, password: SAMPLE_PASSWORD })).toBeDefined();

    await unitAdmin.data(unitAdmin.post('/api/User/UpdateStatusUser', { id, status: 1 }));
    expect(await signInRefusal(t.app, { username, password: SAMPLE_PASSWORD })).toBeUndefined();
  });

  it('clears a wrong-password lockout on unlock', async () => {
    const id = await add(unitAdmin, { password: SAMPLE_PASSWORD, confirmPassword: SAMPLE_PASSWORD });
    const { username } = await record(id);
    const lockedUntil = new Date(Date.now() + LOCKOUT.lockMinutes * 60_000);
    await t.database.db.update(users).set({ lockedUntil, failedLoginCount: LOCKOUT.maxFailedAttempts }).where(eq(users.id, id));
    expect(await record(id)).toMatchObject({ status: 1, isLocked: true });
    expect(await signInRefusal(t.app, { username, password: SAMPLE_PASSWORD })).toBe(17);

    await unitAdmin.data(unitAdmin.post('/api/User/UpdateStatusUser', { id, status: 1 }));
    expect(await record(id)).toMatchObject({ isLocked: false });
    expect(await signInRefusal(t.app, { username, password: SAMPLE_PASSWORD })).toBeUndefined();
  });

  it('resets a password: a new one is mailed, the old one and every session end', async () => {
    const id = await add(unitAdmin, { password: SAMPLE_PASSWORD, confirmPassword: SAMPLE_PASSWORD });
    const { username, email } = await record(id);
    const tokens = await signIn(t.app, { username, password: SAMPLE_PASSWORD });
    expect(await unitAdmin.data(unitAdmin.post('/api/User/ResetPasswordUser', { id }))).toBe(true);

    const mail = await lastMailTo(t.database.db, email);
    expect(mail).toMatchObject({ kind: 'newPassword' });
    expect((await apiAs(t, bearer(tokens.access_token)).get('/api/User/GetUserProfileCurrent')).statusCode).toBe(401);
    expect(await refreshStatus(tokens)).toBe(400);
    expect(await signInRefusal(t.app, { username, password: SAMPLE_PASSWORD })).toBe(2);
    const renewed = apiAs(t, bearer((await signIn(t.app, { username, password: passwordInMail(mail!.textBody), newPassword: OTHER_PASSWORD })).access_token));
    expect((await renewed.get('/api/User/GetUserProfileCurrent')).statusCode).toBe(200);
  });

  it('deletes a user with their sessions', async () => {
    const id = await add(unitAdmin, { password: SAMPLE_PASSWORD, confirmPassword: SAMPLE_PASSWORD });
    const tokens = await signIn(t.app, { username: (await record(id)).username, password: SAMPLE_PASSWORD });
    expect(await unitAdmin.data(unitAdmin.delete(`/api/User/DeleteUser/${id}`))).toBe(true);
    expect((await platform.get(`/api/User/GetById/${id}`)).statusCode).toBe(404);
    expect((await apiAs(t, bearer(tokens.access_token)).get('/api/User/GetUserProfileCurrent')).statusCode).toBe(401);
    expect(await refreshStatus(tokens)).toBe(400);
  });

  it("confines a unit administrator's list to their unit; platform staff see every unit and must name one to add", async () => {
    const own = await unitAdmin.data<Page>(unitAdmin.post('/api/User/SearchUserAdminUnitPage', { pageIndex: 1, pageSize: 200 }));
    const inA = await t.database.db.select({ id: users.id }).from(users).where(eq(users.unitId, unitA));
    expect(own.records.map((r) => r.id).sort()).toEqual(inA.map((u) => u.id).sort());
    expect(own.totalRecord).toBe(inA.length);

    const both = await platform.data<Page>(platform.post('/api/User/SearchUserAdminUnitPage', { pageIndex: 1, pageSize: 200, keyword: 'binh.' }));
    expect(new Set(both.records.map((r) => r.unitId))).toEqual(new Set([unitA, unitB, await unitIdOf(t, 'hoanglong')]));
    const onlyB = await platform.data<Page>(platform.post('/api/User/SearchUserAdminUnitPage', { pageIndex: 1, pageSize: 200, unitId: unitB }));
    expect(new Set(onlyB.records.map((r) => r.unitId))).toEqual(new Set([unitB]));

    const unnamed = await platform.post('/api/User/AddUpdateUser', { ...unitUserSample.create({ unitId: unitA, platformRoleId: '' }), unitId: null });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors).toEqual([expect.objectContaining({ field: 'body.unitId' })]);
    expect((await record(await add(platform, { unitId: unitB }))).unitId).toBe(unitB);
  });

  it('offers as report-to every user of the unit, and only them', async () => {
    const options = (await unitAdmin.data<{ records: { id: string; fullName: string; username: string }[] }>(unitAdmin.get('/api/User/GetListReportTo?pageSize=200'))).records;
    const inA = await t.database.db.select({ id: users.id }).from(users).where(eq(users.unitId, unitA));
    expect(options.map((o) => o.id).sort()).toEqual(inA.map((u) => u.id).sort());
    expect(options.find((o) => o.username === `chi.${UNIT_A}`)).toMatchObject({ fullName: 'Lê Chi' });
    expect((await platform.data<{ totalRecord: number }>(platform.get(`/api/User/GetListReportTo?unitId=${unitB}`))).totalRecord).toBeGreaterThan(0);
    const unnamed = await platform.get('/api/User/GetListReportTo');
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors).toEqual([expect.objectContaining({ field: 'querystring.unitId' })]);
  });

  it("lets platform staff edit a unit administrator's own details, not their account", async () => {
    const adminOfB = await idOf(`admin.${UNIT_B}`);
    const change = { id: adminOfB, email: 'giamdoc@saoviet.example.com', firstName: 'Giám', lastName: 'Đốc', mobile: '0900000001', description: 'Giám đốc' };
    expect(await platform.data(platform.post('/api/User/UpdateUserAdminUnit', change))).toBe(true);
    expect(await record(adminOfB)).toMatchObject({ email: change.email, fullName: 'Đốc Giám', username: `admin.${UNIT_B}`, unitId: unitB, isAdmin: true, status: 1 });
    const taken = await platform.post('/api/User/UpdateUserAdminUnit', { ...change, email: `chi@${UNIT_A}.example.com` });
    expect(taken.json()).toMatchObject({ success: false, errorCode: 8 });
  });

  it('keeps the status, IsAdmin and extension option an edit leaves out', async () => {
    const id = await add(unitAdmin, { isAdmin: true, extensionOption: 1 });
    await unitAdmin.data(unitAdmin.post('/api/User/UpdateStatusUser', { id, status: 5 }));
    const { status: _status, isAdmin: _isAdmin, extensionOption: _extension, ...rest } = unitUserSample.update(await record(id)) as Record<string, unknown>;
    await unitAdmin.data(unitAdmin.post('/api/User/AddUpdateUser', { ...rest, firstName: 'Giữ' }));
    expect(await record(id)).toMatchObject({ firstName: 'Giữ', status: 5, isAdmin: true, extensionOption: 1 });
  });
});
