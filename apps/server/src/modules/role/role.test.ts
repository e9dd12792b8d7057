import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, PERMISSION_CATALOGUE, PERMISSIONS, permissionMatrixSchema, UNIT_ADMIN_PERMISSIONS, type PermissionMatrix } from '@portal/contracts';
import { signInActor, signInNewStaff, type TestActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { rolePermissions, roles, users } from '../../db/schema/index.ts';

type RoleRow = { id: string; code: string | null; name: string; scope: string; status: number; isBuiltIn: boolean; userCount: number };

describe.each(DATABASE_KINDS)('system roles and the permission matrix on %s', (kind) => {
  let t: TestApp;
  let admin: Api;
  let adminHeaders: Record<string, string>;
  let builtIn: Record<string, string>;

  const search = async (body: object = {}) => admin.data<{ records: RoleRow[]; totalRecord: number }>(admin.post('/api/Role/SearchRolePage', { pageIndex: 1, pageSize: 200, ...body }));
  const createRole = async (name: string) => (await admin.data<{ id: string }>(admin.post('/api/Role/AddUpdateRole', { name, description: 'Kiểm thử' }))).id;
  const matrixOf = (roleId: string) => admin.data<PermissionMatrix>(admin.get(`/api/Role/GetAssignPermissions?roleId=${roleId}`));
  const granted = (matrix: PermissionMatrix) => matrix.modules.flatMap((m) => m.features.flatMap((f) => f.actions.filter((a) => a.granted).map((a) => a.permission))).sort();
  const savePermissions = (roleId: string, permissions: string[]) => admin.post('/api/Role/SavePermissions', { roleId, permissions });
  const roleCount = async () => (await t.database.db.select({ n: count() }).from(roles))[0]!.n;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const platformAdmin: TestActor = await signInActor(t, 'platformAdmin');
    adminHeaders = platformAdmin.headers;
    admin = apiAs(t, adminHeaders);
    const rows = await t.database.db.select({ id: roles.id, code: roles.code }).from(roles);
    builtIn = Object.fromEntries(rows.filter((r) => r.code).map((r) => [r.code!, r.id]));
  });
  afterAll(() => t.close());

  it('adds, renames and views a system role', async () => {
    const id = await createRole('Kế toán');
    expect(await admin.data(admin.get(`/api/Role/GetById/${id}`))).toMatchObject({ id, name: 'Kế toán', scope: 'platform', status: 1, isBuiltIn: false, userCount: 0, code: null });
    expect(await admin.data(admin.post('/api/Role/AddUpdateRole', { id, name: 'Kế toán trưởng', description: null }))).toEqual({ id });
    expect(await admin.data(admin.get(`/api/Role/GetById/${id}`))).toMatchObject({ name: 'Kế toán trưởng', description: null });
  });

  it('refuses a name another role has, whatever its case, with code 9', async () => {
    const before = await roleCount();
    expect((await admin.post('/api/Role/AddUpdateRole', { name: '  SUPER ADMIN ' })).json()).toMatchObject({ success: false, errorCode: 9 });
    const other = await createRole('Hỗ trợ');
    expect((await admin.post('/api/Role/AddUpdateRole', { id: other, name: 'kế toán trưởng' })).json()).toMatchObject({ success: false, errorCode: 9 });
    expect(await roleCount()).toBe(before + 1);
    expect(await admin.data(admin.get(`/api/Role/GetById/${other}`))).toMatchObject({ name: 'Hỗ trợ' });
  });

  it('lists system roles by default and the built-in unit roles on request, with keyword and status filters', async () => {
    const platform = await search();
    expect(platform.records.every((role) => role.scope === 'platform')).toBe(true);
    expect(platform.records[0]).toMatchObject({ code: BUILT_IN_ROLES.superAdmin, isBuiltIn: true, userCount: 1 });
    const all = await search({ scope: 'all' });
    expect(all.records.map((role) => role.code)).toEqual(expect.arrayContaining([BUILT_IN_ROLES.unitAdmin, BUILT_IN_ROLES.unitUser]));
    expect(all.records.find((role) => role.code === BUILT_IN_ROLES.unitAdmin)!.userCount).toBe(3);
    expect((await search({ keyword: 'TOÁN' })).records.map((role) => role.name)).toEqual(['Kế toán trưởng']);
    const inactive = await createRole('Tạm ngưng');
    await admin.data(admin.post('/api/Role/UpdateStatusRole', { id: inactive, status: 0 }));
    expect((await search({ status: 0 })).records.map((role) => role.id)).toEqual([inactive]);
  });

  it('deletes a role of its own making, never a built-in one', async () => {
    const id = await createRole('Dùng một lần');
    expect(await admin.data(admin.delete(`/api/Role/DeleteRole/${id}`))).toBe(true);
    expect((await admin.get(`/api/Role/GetById/${id}`)).statusCode).toBe(404);
    for (const code of Object.values(BUILT_IN_ROLES)) {
      expect((await admin.delete(`/api/Role/DeleteRole/${builtIn[code]}`)).json(), code).toMatchObject({ success: false, errorCode: 7 });
      expect(await admin.data(admin.get(`/api/Role/GetById/${builtIn[code]}`))).toMatchObject({ code, status: 1 });
    }
  });

  it('keeps SUPER_ADMIN active and holding every permission', async () => {
    const superAdmin = builtIn[BUILT_IN_ROLES.superAdmin]!;
    expect((await admin.post('/api/Role/UpdateStatusRole', { id: superAdmin, status: 0 })).json()).toMatchObject({ success: false, errorCode: 5 });
    expect((await savePermissions(superAdmin, ['LOG_ACTION_LIST'])).json()).toMatchObject({ success: false, errorCode: 5 });
    expect(await admin.data(admin.get(`/api/Role/GetById/${superAdmin}`))).toMatchObject({ status: 1 });
    expect(granted(await matrixOf(superAdmin))).toHaveLength(PERMISSIONS.length);
  });

  it('shows a role its permission matrix: modules × features × actions from the catalogue', async () => {
    const platformRole = await matrixOf(await createRole('Xem ma trận'));
    expect(permissionMatrixSchema.parse(platformRole)).toEqual(platformRole);
    expect(platformRole.modules.map((m) => m.module)).toEqual(Object.keys(PERMISSION_CATALOGUE));
    const unitModule = platformRole.modules.find((m) => m.module === 'UNIT')!;
    expect(unitModule.features.map((f) => f.feature)).toEqual(Object.keys(PERMISSION_CATALOGUE.UNIT));
    expect(unitModule.features[0]!.actions.map((a) => a.action)).toEqual([...PERMISSION_CATALOGUE.UNIT.ENTERPRISE.actions]);
    expect(unitModule.features[0]!.actions[0]).toEqual({ action: 'LIST', permission: 'UNIT_ENTERPRISE_LIST', granted: false });
    expect(platformRole.modules.flatMap((m) => m.features.flatMap((f) => f.actions))).toHaveLength(PERMISSIONS.length);
    expect(granted(platformRole)).toEqual([]);

    // A unit role is offered only what a unit's roles may hold.
    const unitAdmin = await matrixOf(builtIn[BUILT_IN_ROLES.unitAdmin]!);
    expect(granted(unitAdmin)).toEqual([...UNIT_ADMIN_PERMISSIONS].sort());
    expect(unitAdmin.modules.flatMap((m) => m.features.flatMap((f) => f.actions))).toHaveLength(UNIT_ADMIN_PERMISSIONS.length);
  });

  it('replaces the whole set on save, and refuses unknown or, for unit roles, platform-level names', async () => {
    const id = await createRole('Thay quyền');
    await admin.data(savePermissions(id, ['LOG_ACTION_LIST', 'UNIT_ENTERPRISE_LIST']));
    await admin.data(savePermissions(id, ['UNIT_ENTERPRISE_LIST', 'UNIT_ENTERPRISE_VIEW', 'UNIT_ENTERPRISE_VIEW']));
    expect(granted(await matrixOf(id))).toEqual(['UNIT_ENTERPRISE_LIST', 'UNIT_ENTERPRISE_VIEW']);

    const unknown = await savePermissions(id, ['UNIT_ENTERPRISE_LIST', 'UNIT_ENTERPRISE_FLY']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'body.permissions', message: expect.stringContaining('UNIT_ENTERPRISE_FLY') }]);
    const unitUser = builtIn[BUILT_IN_ROLES.unitUser]!;
    const platformLevel = await savePermissions(unitUser, ['DASHBOARD_MANAGEMENT_ACCESS', 'SYSTEM_ROLEIAM_LIST']);
    expect(platformLevel.statusCode).toBe(400);
    expect(platformLevel.json().errors[0].message).toContain('SYSTEM_ROLEIAM_LIST');
    expect(granted(await matrixOf(id))).toEqual(['UNIT_ENTERPRISE_LIST', 'UNIT_ENTERPRISE_VIEW']);
    expect(granted(await matrixOf(unitUser))).toEqual(['DASHBOARD_MANAGEMENT_ACCESS']);
    expect((await savePermissions('00000000-0000-4000-8000-000000000000', [])).statusCode).toBe(404);
  });

  it("takes effect on a holder's very next request", async () => {
    const id = await createRole('Quản lý vai trò');
    await admin.data(savePermissions(id, ['SYSTEM_ROLEIAM_LIST']));
    const holder = apiAs(t, (await signInNewStaff(t, adminHeaders, [id])).headers);
    expect((await holder.post('/api/Role/SearchRolePage', { pageIndex: 1, pageSize: 5 })).statusCode).toBe(200);
    await admin.data(savePermissions(id, ['SYSTEM_ROLEIAM_VIEW']));
    expect((await holder.post('/api/Role/SearchRolePage', { pageIndex: 1, pageSize: 5 })).statusCode).toBe(403);
    expect((await holder.get(`/api/Role/GetById/${id}`)).statusCode).toBe(200);
    await admin.data(admin.post('/api/Role/UpdateStatusRole', { id, status: 0 }));
    expect((await holder.get(`/api/Role/GetById/${id}`)).statusCode).toBe(403);
  });

  it("gives a unit role's holders what it grants, within their own unit", async () => {
    const unitUser = builtIn[BUILT_IN_ROLES.unitUser]!;
    const binh = apiAs(t, (await signInActor(t, 'unitUserA')).headers);
    expect((await binh.post('/api/ActionLog/SearchActionLog', { pageIndex: 1, pageSize: 5 })).statusCode).toBe(403);
    // One logged change in unit A and one in unit B.
    for (const username of ['chi.minhphat', 'chi.saoviet']) {
      const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
      await admin.data(admin.post('/api/User/UpdateStatusUser', { id: user!.id, status: 1 }));
    }
    await admin.data(savePermissions(unitUser, ['DASHBOARD_MANAGEMENT_ACCESS', 'LOG_ACTION_LIST']));
    try {
      const { records } = await binh.data<{ records: { objectName: string }[] }>(binh.post('/api/ActionLog/SearchActionLog', { pageIndex: 1, pageSize: 200 }));
      expect(records.map((r) => r.objectName)).toEqual(['chi.minhphat']);
    } finally {
      await admin.data(savePermissions(unitUser, ['DASHBOARD_MANAGEMENT_ACCESS']));
    }
    expect((await binh.post('/api/ActionLog/SearchActionLog', { pageIndex: 1, pageSize: 5 })).statusCode).toBe(403);
    const held = await t.database.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, unitUser));
    expect(held.map((p) => p.permissionCode)).toEqual(['DASHBOARD_MANAGEMENT_ACCESS']);
  });

  it('lets a holder of the matrix grant only what they hold themselves', async () => {
    const matrixKeeper = await createRole('Giữ phân quyền');
    await savePermissions(matrixKeeper, ['SYSTEM_PERMISSIONIAM_LIST', 'SYSTEM_PERMISSIONIAM_UPDATE', 'SYSTEM_ROLEIAM_LIST', 'LOG_ACTION_LIST']);
    const keeper = apiAs(t, (await signInNewStaff(t, adminHeaders, [matrixKeeper])).headers);
    const target = await createRole('Được cấp quyền');
    expect((await keeper.post('/api/Role/SavePermissions', { roleId: target, permissions: ['LOG_ACTION_LIST'] })).json()).toMatchObject({ success: true });
    const escalation = await keeper.post('/api/Role/SavePermissions', { roleId: matrixKeeper, permissions: ['SYSTEM_PERMISSIONIAM_LIST', 'SYSTEM_PERMISSIONIAM_UPDATE', 'SYSTEM_ROLEIAM_LIST', 'LOG_ACTION_LIST', 'UNIT_ENTERPRISE_DELETE'] });
    expect(escalation.statusCode).toBe(403);
    expect(granted(await matrixOf(matrixKeeper))).not.toContain('UNIT_ENTERPRISE_DELETE');
    // Removing what the keeper does not hold is no grant: an admin-given permission may be taken away.
    await savePermissions(target, ['LOG_ACTION_LIST', 'UNIT_ENTERPRISE_DELETE']);
    expect((await keeper.post('/api/Role/SavePermissions', { roleId: target, permissions: ['LOG_ACTION_LIST'] })).json()).toMatchObject({ success: true });
  });
});
