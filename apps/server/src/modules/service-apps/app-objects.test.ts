import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { lastMailTo } from '../../../test/db-state.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { eq } from 'drizzle-orm';
import { appObjects, services, users } from '../../db/schema/index.ts';

type Option = { id: string; serviceId: string; code: string; name: string };

describe.each(DATABASE_KINDS)('roles, profiles and groups of a unit in a service on %s', (kind) => {
  let t: TestApp;
  let adminA: Api;
  let adminB: Api;
  let platform: Api;
  let service: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    adminA = apiAs(t, (await signInActor(t, 'unitAdminA')).headers);
    adminB = apiAs(t, (await signInActor(t, 'unitAdminB')).headers);
    platform = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
    service = Object.fromEntries((await t.database.db.select({ id: services.id, code: services.code }).from(services)).map((s) => [s.code, s.id]));
  });
  afterAll(() => t.close());
  const passwordHashOf = async (userId: string) => (await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)))[0]!.hash;

  it('adds a role to a bought service, lists it among the unit’s choices, and keeps it from the neighbour', async () => {
    const { id } = await adminA.data(adminA.post('/api/AppRole/AddUpdate', { serviceId: service.CRM, code: 'ACCOUNTANT', name: 'Kế toán', description: null }));
    expect(await adminA.data(adminA.get(`/api/AppRole/GetById/${id}`))).toMatchObject({ code: 'ACCOUNTANT', name: 'Kế toán', serviceCode: 'CRM', unitName: 'Công ty TNHH Minh Phát', status: 1 });
    const choices = await adminA.data<Option[]>(adminA.post('/api/AppRole/GetAllByUnitChannel', { serviceId: service.CRM }));
    expect(choices.map((c) => c.code)).toEqual(expect.arrayContaining(['ACCOUNTANT', 'CRM_ADMIN', 'SALES']));

    expect((await adminB.get(`/api/AppRole/GetById/${id}`)).statusCode).toBe(404);
    const neighbours = await adminB.data<Option[]>(adminB.post('/api/AppRole/GetAllByUnitChannel', { serviceId: service.CRM }));
    expect(neighbours.map((c) => c.id)).not.toContain(id);
    expect((await adminB.data(adminB.post('/api/AppRole/Search', { pageIndex: 1, pageSize: 200, keyword: 'ACCOUNTANT' }))).totalRecord).toBe(0);
  });

  it('refuses a code already used in the same service, whatever its case, and a service the unit has not bought', async () => {
    const duplicate = await adminA.post('/api/AppProfile/AddUpdate', { serviceId: service.CRM, code: 'standard', name: 'Trùng', description: null });
    expect(duplicate.json()).toMatchObject({ success: false, errorCode: 3010 });
    // Unit B's pack (Plus) holds CRM and IC, not LCM.
    const notBought = await adminB.post('/api/AppUserGroup/AddUpdate', { serviceId: service.LCM, code: 'TEAM', name: 'Nhóm', description: null });
    expect(notBought.json()).toMatchObject({ success: false, errorCode: 2005 });
    // The same code in another service (or another unit) is another object.
    expect((await adminB.post('/api/AppProfile/AddUpdate', { serviceId: service.IC, code: 'STANDARD', name: 'Chuẩn', description: null })).json()).toMatchObject({ success: true });
  });

  it('leaves an inactive object out of the choices, and platform staff name the unit', async () => {
    const [group] = await adminA.data<Option[]>(adminA.post('/api/AppUserGroup/GetAllByUnitChannel', null as unknown as object));
    await adminA.data(adminA.post('/api/AppUserGroup/UpdateStatus', { id: group!.id, status: 0 }));
    const after = await adminA.data<Option[]>(adminA.post('/api/AppUserGroup/GetAllByUnitChannel', { serviceId: service.CRM }));
    expect(after.map((g) => g.id)).not.toContain(group!.id);

    const unnamed = await platform.post('/api/AppRole/AddUpdate', { serviceId: service.CRM, code: 'X', name: 'X', description: null });
    expect(unnamed.statusCode).toBe(400);
    const { unitId } = await adminA.data(adminA.get(`/api/AppUserGroup/GetById/${group!.id}`));
    const { id } = await platform.data(platform.post('/api/AppRole/AddUpdate', { unitId, serviceId: service.CRM, code: 'AUDITOR', name: 'Kiểm toán', description: null }));
    expect(await adminA.data(adminA.get(`/api/AppRole/GetById/${id}`))).toMatchObject({ unitId, code: 'AUDITOR' });
  });

  it("a service's roles past a thousand: every one in the specification's whole list, and found by typing in the search the forms page through", async () => {
    const { unitId } = (await adminA.data<{ records: { unitId: string }[] }>(adminA.post('/api/AppRole/Search', { pageIndex: 1, pageSize: 1 }))).records[0]!;
    const many = Array.from({ length: 1100 }, (_, i) => ({ kind: 'role' as const, unitId, serviceId: service.IC!, code: `MANY_${String(i).padStart(4, '0')}`, name: `Vai trò số ${String(i).padStart(4, '0')}` }));
    await t.database.db.insert(appObjects).values(many);
    // The whole list, as the specification's call answers it: nothing left off silently.
    const all = await adminA.data<Option[]>(adminA.post('/api/AppRole/GetAllByUnitChannel', { serviceId: service.IC }));
    expect(all.filter((role) => role.code.startsWith('MANY_'))).toHaveLength(1100);
    // A form's select: the active ones of the service, a page at a time, or the one typed.
    const search = (body: object) => adminA.data<{ records: Option[]; totalRecord: number }>(adminA.post('/api/AppRole/Search', { serviceId: service.IC, status: 1, pageIndex: 1, pageSize: 20, ...body }));
    const first = await search({ keyword: 'Vai trò số' });
    expect(first.totalRecord).toBe(1100);
    expect(first.records).toHaveLength(20);
    const last = await search({ keyword: 'Vai trò số', pageIndex: 55 });
    expect(last.records.map((role) => role.code)).toContain('MANY_1099');
    expect((await search({ keyword: 'số 1077' })).records.map((role) => role.code)).toEqual(['MANY_1077']);
    // Another unit's administrator finds none of them.
    expect((await adminB.data<{ totalRecord: number }>(adminB.post('/api/AppRole/Search', { keyword: 'Vai trò số', pageIndex: 1, pageSize: 20 }))).totalRecord).toBe(0);
  });

  it('resets an app user’s password: their portal password is replaced and mailed; a neighbour’s app user is out of reach', async () => {
    const { records } = await adminA.data(adminA.post('/api/AppUser/Search', { pageIndex: 1, pageSize: 20, serviceId: service.CRM }));
    const appUser = records[0] as { id: string; userId: string; email: string };
    const before = await passwordHashOf(appUser.userId);
    expect(await adminA.data(adminA.post('/api/AppUser/ResetPassword', { id: appUser.id }))).toBe(true);
    expect(await passwordHashOf(appUser.userId)).not.toBe(before);
    expect(await lastMailTo(t.database.db, appUser.email)).toMatchObject({ kind: 'newPassword' });
    expect((await adminB.post('/api/AppUser/ResetPassword', { id: appUser.id })).statusCode).toBe(404);
  });
});
