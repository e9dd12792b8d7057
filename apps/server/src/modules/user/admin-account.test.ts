import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, type AdminAccountRecord } from '@portal/contracts';
import { signInActor, signInNewStaff } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { lastMailTo, passwordInMail } from '../../../test/db-state.ts';
import { bearer, signIn } from '../../../test/oidc-client.ts';
import { adminAccountSample, OTHER_PASSWORD, SAMPLE_PASSWORD, uniqueSuffix } from '../../../test/samples.ts';
import { refreshStatus, signInRefusal } from '../../../test/sessions.ts';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.ts';
import { roles, users } from '../../db/schema/index.ts';

describe.each(DATABASE_KINDS)('admin accounts on %s', (kind) => {
  let t: TestApp;
  let adminHeaders: Record<string, string>;
  let admin: Api;
  let roleId: Record<string, string>;

  const newAccount = (roleIds: string[], extra: object = {}) => ({ ...adminAccountSample.create({ unitId: '', platformRoleId: roleIds[0]! }), roleIds, ...extra });
  const record = (id: string) => admin.data<AdminAccountRecord>(admin.get(`/api/User/GetUserWebPortalById/${id}`));
  const accountCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n;
  const createRole = async (name: string, permissions: string[]) => {
    const { id } = await admin.data<{ id: string }>(admin.post('/api/Role/AddUpdateRole', { name }));
    await admin.data(admin.post('/api/Role/SavePermissions', { roleId: id, permissions }));
    return id;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    adminHeaders = (await signInActor(t, 'platformAdmin')).headers;
    admin = apiAs(t, adminHeaders);
    const rows = await t.database.db.select({ id: roles.id, code: roles.code }).from(roles);
    roleId = Object.fromEntries(rows.filter((r) => r.code).map((r) => [r.code!, r.id]));
    roleId.auditor = await createRole('Kiểm soát viên', ['UNIT_ENTERPRISE_LIST', 'SYSTEM_ADMINACCOUNT_LIST']);
  });
  afterAll(() => t.close());

  it('creates an account with its roles and mails it a generated password it can sign in with', async () => {
    const input = newAccount([roleId.auditor!]);
    const { id } = await admin.data<{ id: string }>(admin.post('/api/User/AddUpdateUserWebPortal', input));
    expect(await record(id)).toMatchObject({ username: input.username, roleIds: [roleId.auditor], roleNames: ['Kiểm soát viên'], allowExport: false, isAdminIAM: false, status: 1 });

    const mail = await lastMailTo(t.database.db, input.email);
    expect(mail).toMatchObject({ kind: 'accountCreated', status: 3 });
    const staff = apiAs(t, bearer((await signIn(t.app, { username: input.username!, password: passwordInMail(mail!.textBody), newPassword: OTHER_PASSWORD })).access_token));
    expect(await staff.data(staff.get('/api/User/GetUserProfileCurrent'))).toMatchObject({ username: input.username, isUserWebPortal: true, unitId: null, roleNames: ['Kiểm soát viên'] });
    expect((await staff.post('/api/Unit/Search', { pageIndex: 1, pageSize: 5 })).statusCode).toBe(200);
    expect((await staff.post('/api/Role/SearchRolePage', { pageIndex: 1, pageSize: 5 })).statusCode).toBe(403);
  });

  it('sends no mail when the administrator sets the password', async () => {
    const input = newAccount([roleId.auditor!], { password: SAMPLE_PASSWORD, confirmPassword: SAMPLE_PASSWORD });
    await admin.data(admin.post('/api/User/AddUpdateUserWebPortal', input));
    expect(await lastMailTo(t.database.db, input.email)).toBeUndefined();
    await expect(signIn(t.app, { username: input.username!, password: SAMPLE_PASSWORD })).resolves.toMatchObject({ access_token: expect.any(String) });
  });

  it('refuses a username (11) or e-mail (8) any account already has, whatever its case', async () => {
    const before = await accountCount();
    for (const [taken, code] of [
      [{ username: 'ADMIN.minhphat' }, 11],
      [{ username: TEST_ADMIN.username }, 11],
      [{ email: 'Binh@MinhPhat.example.com' }, 8],
      [{ email: TEST_ADMIN.email }, 8],
    ] as const) {
      const response = await admin.post('/api/User/AddUpdateUserWebPortal', newAccount([roleId.auditor!], taken));
      expect(response.json(), JSON.stringify(taken)).toMatchObject({ success: false, errorCode: code });
    }
    expect(await accountCount()).toBe(before);
  });

  it('gives staff platform roles only: an unknown or unit role is refused and nothing stays', async () => {
    const before = await accountCount();
    for (const wrong of ['00000000-0000-4000-8000-000000000000', roleId[BUILT_IN_ROLES.unitAdmin]!]) {
      const input = newAccount([wrong]);
      const response = await admin.post('/api/User/AddUpdateUserWebPortal', input);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([expect.objectContaining({ field: 'body.roleIds' })]);
      expect(await lastMailTo(t.database.db, input.email)).toBeUndefined();
    }
    expect(await accountCount()).toBe(before);
  });

  it('searches by keyword, role and status', async () => {
    const marker = uniqueSuffix();
    const { id } = await admin.data<{ id: string }>(admin.post('/api/User/AddUpdateUserWebPortal', newAccount([roleId.auditor!], { lastName: `Tìm ${marker}` })));
    const search = (body: object) => admin.data<{ records: AdminAccountRecord[] }>(admin.post('/api/User/SearchUserWebPortal', { pageIndex: 1, pageSize: 200, ...body }));
    expect((await search({ keyword: marker })).records.map((r) => r.id)).toEqual([id]);
    expect((await search({ roleId: roleId[BUILT_IN_ROLES.superAdmin] })).records.map((r) => r.username)).toEqual([TEST_ADMIN.username]);
    const all = await search({});
    expect(all.records.every((r) => !r.username.includes('.minhphat'))).toBe(true);
    await admin.data(admin.post('/api/User/UpdateStatusUserWebPortal', { id, status: 5 }));
    expect((await search({ status: 5 })).records.map((r) => r.id)).toEqual([id]);
  });

  it('lets an account export only while its export option is on', async () => {
    const staff = await signInNewStaff(t, adminHeaders, [roleId.auditor!]);
    const api = apiAs(t, staff.headers);
    const exportUnits = () => api.post('/api/Unit/Search', { pageIndex: 1, pageSize: 20, isExport: true });
    expect((await exportUnits()).statusCode).toBe(403);
    const account = await record(staff.id);
    await admin.data(admin.post('/api/User/AddUpdateUserWebPortal', { ...adminAccountSample.update(account), allowExport: true }));
    const allowed = await exportUnits();
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['content-type']).toContain('spreadsheetml');
  });

  it('ends every session of a locked account: its access token gets 401, its refresh fails, it cannot sign in until unlocked', async () => {
    const staff = await signInNewStaff(t, adminHeaders, [roleId.auditor!]);
    const api = apiAs(t, staff.headers);
    expect((await api.get('/api/User/GetUserProfileCurrent')).statusCode).toBe(200);
    await admin.data(admin.post('/api/User/UpdateStatusUserWebPortal', { id: staff.id, status: 5 }));
    expect((await api.get('/api/User/GetUserProfileCurrent')).statusCode).toBe(401);
    expect(await refreshStatus(staff.tokens)).toBe(400);
    expect(await signInRefusal(t.app, { username: staff.username, password: SAMPLE_PASSWORD })).toBeDefined();

    await admin.data(admin.post('/api/User/UpdateStatusUserWebPortal', { id: staff.id, status: 1 }));
    const again = apiAs(t, bearer((await signIn(t.app, { username: staff.username, password: SAMPLE_PASSWORD })).access_token));
    expect((await again.get('/api/User/GetUserProfileCurrent')).statusCode).toBe(200);
  });

  it("ends an account's sessions when its roles change, not when its details do", async () => {
    const staff = await signInNewStaff(t, adminHeaders, [roleId.auditor!]);
    const api = apiAs(t, staff.headers);
    const account = await record(staff.id);
    await admin.data(admin.post('/api/User/AddUpdateUserWebPortal', { ...adminAccountSample.update(account), mobile: '0911111111' }));
    expect((await api.get('/api/User/GetUserProfileCurrent')).statusCode).toBe(200);
    await admin.data(admin.post('/api/User/AddUpdateUserWebPortal', { ...adminAccountSample.update(account), roleIds: [roleId[BUILT_IN_ROLES.superAdmin]] }));
    expect((await api.get('/api/User/GetUserProfileCurrent')).statusCode).toBe(401);
    expect(await record(staff.id)).toMatchObject({ roleNames: ['Super admin'], mobile: account.mobile });
  });

  it('deletes an account and its sessions, but never locks or deletes oneself nor deletes the first platform administrator', async () => {
    const superStaff = await signInNewStaff(t, adminHeaders, [roleId[BUILT_IN_ROLES.superAdmin]!]);
    const other = apiAs(t, superStaff.headers);
    const first = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, TEST_ADMIN.username)))[0]!.id;
    expect((await other.delete(`/api/User/DeleteUserWebPortal/${first}`)).json()).toMatchObject({ success: false, errorCode: 7 });
    expect((await other.delete(`/api/User/DeleteUserWebPortal/${superStaff.id}`)).json()).toMatchObject({ success: false, errorCode: 5 });
    expect((await other.post('/api/User/UpdateStatusUserWebPortal', { id: superStaff.id, status: 5 })).json()).toMatchObject({ success: false, errorCode: 5 });
    expect((await admin.delete(`/api/User/DeleteUserWebPortal/${first}`)).json()).toMatchObject({ success: false, errorCode: 5 });
    expect(await record(first)).toMatchObject({ isAdminIAM: true, status: 1 });

    expect(await admin.data(admin.delete(`/api/User/DeleteUserWebPortal/${superStaff.id}`))).toBe(true);
    expect((await other.get('/api/User/GetUserProfileCurrent')).statusCode).toBe(401);
    expect(await refreshStatus(superStaff.tokens)).toBe(400);
    expect((await admin.get(`/api/User/GetUserWebPortalById/${superStaff.id}`)).statusCode).toBe(404);
  });

  it('lets nobody hand out more than they hold: no super-admin role, no hold over the first platform administrator', async () => {
    const managerRole = await createRole('Quản lý tài khoản', ['SYSTEM_ADMINACCOUNT_LIST', 'SYSTEM_ADMINACCOUNT_VIEW', 'SYSTEM_ADMINACCOUNT_ADD', 'SYSTEM_ADMINACCOUNT_EDIT', 'SYSTEM_ADMINACCOUNT_UPDATESTATUS', 'SYSTEM_ADMINACCOUNT_DELETE', 'UNIT_ENTERPRISE_LIST']);
    const manager = await signInNewStaff(t, adminHeaders, [managerRole]);
    const api = apiAs(t, manager.headers);
    const before = await accountCount();

    const superAdmin = await api.post('/api/User/AddUpdateUserWebPortal', newAccount([roleId[BUILT_IN_ROLES.superAdmin]!]));
    expect(superAdmin.statusCode).toBe(403);
    expect(await accountCount()).toBe(before);
    // A role whose permissions the manager holds is fine.
    expect((await api.post('/api/User/AddUpdateUserWebPortal', newAccount([roleId.auditor!]))).json()).toMatchObject({ success: true });

    const [first] = await t.database.db.select().from(users).where(eq(users.username, TEST_ADMIN.username));
    const firstRecord = await record(first!.id);
    expect((await api.post('/api/User/UpdateStatusUserWebPortal', { id: first!.id, status: 5 })).statusCode).toBe(403);
    const { email, firstName, lastName, mobile } = firstRecord;
    expect((await api.post('/api/User/AddUpdateUserWebPortal', { id: first!.id, email, firstName, lastName, mobile, roleIds: [managerRole] })).statusCode).toBe(403);
    expect(await record(first!.id)).toMatchObject({ status: 1, roleIds: firstRecord.roleIds });
  });

  it('keeps the status and export option an edit leaves out', async () => {
    const { id } = await admin.data<{ id: string }>(admin.post('/api/User/AddUpdateUserWebPortal', newAccount([roleId.auditor!], { allowExport: true, password: SAMPLE_PASSWORD, confirmPassword: SAMPLE_PASSWORD })));
    await admin.data(admin.post('/api/User/UpdateStatusUserWebPortal', { id, status: 5 }));
    const locked = await record(id);
    await admin.data(admin.post('/api/User/AddUpdateUserWebPortal', { id, email: locked.email, firstName: 'Đổi', lastName: locked.lastName, roleIds: locked.roleIds }));
    expect(await record(id)).toMatchObject({ firstName: 'Đổi', status: 5, allowExport: true });
  });
});
