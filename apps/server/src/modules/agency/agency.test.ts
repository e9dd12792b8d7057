import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENCY_PERMISSIONS, isAgencyLevelPermission, LOG_OBJECT } from '@portal/contracts';
import { AGENCY_X, AGENCY_Y, agencyIdOf, signInActors, type ActorKey, type TestActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { bearer, signIn } from '../../../test/oidc-client.ts';
import { SAMPLE_PASSWORD, sampleBusinessCode } from '../../../test/samples.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { manualClock } from '../../platform/clock.ts';
import { actionLogs, roles, units } from '../../db/schema/index.ts';

describe.each(DATABASE_KINDS)('agencies on %s', (kind) => {
  let t: TestApp;
  let actors: Record<ActorKey, TestActor>;
  let admin: Api;
  let agentX: Api;
  let agentY: Api;
  let agencyX: string;
  let agencyY: string;
  const as = (key: ActorKey) => apiAs(t, actors[key].headers);

  const clock = manualClock();
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { clock });
    actors = await signInActors(t);
    [admin, agentX, agentY] = [as('platformAdmin'), as('agencyUserX'), as('agencyUserY')];
    [agencyX, agencyY] = [await agencyIdOf(t, AGENCY_X), await agencyIdOf(t, AGENCY_Y)];
  });
  afterAll(() => t.close());

  const customer = (n: string) => ({
    name: `Công ty Khách hàng ${n}`,
    businessCode: sampleBusinessCode(),
    numberOfEmployees: '2-20',
    adminUsername: `admin.kh${n}`,
    adminEmail: `admin@kh${n}.example.com`,
    adminPassword: SAMPLE_PASSWORD,
  });

  it('keeps commission terms exactly, to the hundredth of a percent, and refuses a contract ending before it starts', async () => {
    const body = { name: 'Đại lý Phương Nam', code: 'PHUONGNAM', commissionPercent: 12.345, commissionBasis: 'RECURRING', contractStartDate: '2026-01-01T00:00:00.000Z', contractEndDate: '2027-01-01T00:00:00.000Z' };
    const { id } = await admin.data(admin.post('/api/Agency/Create', body));
    expect(await admin.data(admin.get(`/api/Agency/GetById/${id}`))).toMatchObject({ commissionPercent: 12.35, commissionBasis: 'RECURRING', unitCount: 0, trialUnitCount: 0, userCount: 0, status: 1 });
    expect((await admin.post('/api/Agency/Create', { ...body, code: 'phuongnam' })).json()).toMatchObject({ success: false, errorCode: 9150 });
    const backwards = await admin.post('/api/Agency/Create', { ...body, code: 'OTHER', contractEndDate: '2025-01-01T00:00:00.000Z' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([expect.objectContaining({ field: 'body.contractEndDate' })]);
  });

  it('an agency corrects the trial units it registered, and no other unit', async () => {
    const { id } = await agentX.data(agentX.post('/api/Agency/RegisterTrialUnit', customer('fix')));
    const record = await agentX.data(agentX.get(`/api/Agency/GetUnitById/${id}`));
    // The record as it was read goes back with the corrections.
    expect(await agentX.data(agentX.post('/api/Agency/UpdateTrialUnit', { ...record, name: 'Công ty Khách hàng Đã Sửa', businessCode: '0401234567-002', address: 'Cần Thơ' }))).toEqual({ id });
    expect(await agentX.data(agentX.get(`/api/Agency/GetUnitById/${id}`))).toMatchObject({ name: 'Công ty Khách hàng Đã Sửa', businessCode: '0401234567-002', isTrial: true, agencyId: agencyX });
    const invalid = await agentX.post('/api/Agency/UpdateTrialUnit', { ...record, businessCode: '04012' });
    expect(invalid.json().errors).toEqual([{ field: 'body.businessCode', message: 'business_code_invalid' }]);
    // Another agency's unit is out of reach; one no longer on trial is the platform's.
    expect((await agentY.post('/api/Agency/UpdateTrialUnit', { ...record, name: 'x' })).statusCode).toBe(404);
    await t.database.db.update(units).set({ isTrial: false }).where(eq(units.id, id));
    expect((await agentX.post('/api/Agency/UpdateTrialUnit', { ...record, name: 'x' })).json()).toMatchObject({ success: false, errorCode: 9152 });
  });

  it("an agency's user registers a trial unit for a customer; it belongs to the agency, which nobody else's agency sees", async () => {
    // The trial runs from the server's clock (here a hundred days on).
    clock.advanceDays(100);
    const { id } = await agentX.data(agentX.post('/api/Agency/RegisterTrialUnit', { ...customer('x1'), agencyId: agencyY }));
    clock.set(new Date());
    const seen = await admin.data(admin.get(`/api/Unit/GetById/${id}`));
    expect(new Date(seen.expiryDate).getTime()).toBeGreaterThan(Date.now() + 100 * 86_400_000);
    // The agency the body named is ignored: an agency's user registers for their own agency.
    expect(seen).toMatchObject({ agencyId: agencyX, agencyName: 'Đại lý An Phú', isTrial: true, adminUsername: 'admin.khx1' });
    expect(seen.expiryDate).not.toBeNull();
    expect(await agentX.data(agentX.get(`/api/Agency/GetUnitById/${id}`))).toMatchObject({ id, packNames: ['Gói dùng thử'] });
    expect((await agentY.get(`/api/Agency/GetUnitById/${id}`)).statusCode).toBe(404);
    const listedY = await agentY.data(agentY.post('/api/Agency/SearchUnit', { pageIndex: 1, pageSize: 50 }));
    expect(listedY.records.map((unit: { agencyId: string }) => unit.agencyId)).toEqual(listedY.records.map(() => agencyY));
    const byAgency = await admin.data(admin.post('/api/Unit/Search', { pageIndex: 1, pageSize: 50, agencyId: agencyX }));
    expect(byAgency.records.map((unit: { id: string }) => unit.id)).toContain(id);
    const [log] = await t.database.db.select().from(actionLogs).where(eq(actionLogs.objectId, id));
    expect(log).toMatchObject({ objectCategory: LOG_OBJECT.unit, result: 1, username: actors.agencyUserX.username, unitId: id });

    // The customer's administrator signs in to their own unit; the agency reaches nothing inside it.
    const { access_token } = await signIn(t.app, { username: 'admin.khx1', password: SAMPLE_PASSWORD });
    expect(await apiAs(t, bearer(access_token)).data(apiAs(t, bearer(access_token)).get('/api/User/GetUserProfileCurrent'))).toMatchObject({ unitId: id, isTrial: true });
    expect((await agentX.post('/api/User/SearchUserAdminUnitPage', { pageIndex: 1, pageSize: 20, unitId: id })).statusCode).toBe(403);
    expect((await agentX.post('/api/Unit/Update', { ...seen, name: 'changed' })).statusCode).toBe(403);

    // The customer asks for an upgrade: the agency follows it (open requests), and cannot confirm it.
    const customerAdmin = apiAs(t, bearer(access_token));
    expect(await agentX.data(agentX.get(`/api/Agency/GetUnitById/${id}`))).toMatchObject({ openUpgradeRequests: 0 });
    const request = await customerAdmin.data(customerAdmin.post('/api/Unit/RequestUpdatePackageService', { note: 'Cần thêm người dùng' }));
    expect(await agentX.data(agentX.get(`/api/Agency/GetUnitById/${id}`))).toMatchObject({ openUpgradeRequests: 1 });
    expect((await agentX.post('/api/UpgradeRequest/Confirm', { id: request.id, state: 3 })).statusCode).toBe(403);
    await admin.data(admin.post('/api/UpgradeRequest/Confirm', { id: request.id, state: 3 }));
    expect(await agentX.data(agentX.get(`/api/Agency/GetUnitById/${id}`))).toMatchObject({ openUpgradeRequests: 0 });
  });

  it("the platform attributes a unit to an agency in the unit form; left out, the attribution stays; the agency's figures follow", async () => {
    const before = await agentY.data(agentY.get(`/api/Agency/GetById/${agencyY}`));
    const { id } = await admin.data(admin.post('/api/Unit/Create', { ...customer('y1'), adminPassword: undefined, isTrial: true, agencyId: agencyY }));
    const unit = await admin.data(admin.get(`/api/Unit/GetById/${id}`));
    expect(unit).toMatchObject({ agencyId: agencyY, agencyName: 'Đại lý Bình Minh' });
    const { agencyId: _kept, agencyName: _name, ...withoutAgency } = unit;
    await admin.data(admin.post('/api/Unit/Update', { ...withoutAgency, name: 'Công ty Khách hàng Y1' }));
    expect(await admin.data(admin.get(`/api/Unit/GetById/${id}`))).toMatchObject({ name: 'Công ty Khách hàng Y1', agencyId: agencyY });
    expect(await agentY.data(agentY.get(`/api/Agency/GetById/${agencyY}`))).toMatchObject({ unitCount: before.unitCount + 1, trialUnitCount: before.trialUnitCount + 1 });
    expect((await agentX.get(`/api/Agency/GetById/${agencyY}`)).statusCode).toBe(404);

    await admin.data(admin.post('/api/Unit/Update', { ...unit, agencyId: null }));
    expect(await admin.data(admin.get(`/api/Unit/GetById/${id}`))).toMatchObject({ agencyId: null, agencyName: null });
    expect((await agentY.get(`/api/Agency/GetUnitById/${id}`)).statusCode).toBe(404);
    const unknown = await admin.post('/api/Unit/Update', { ...unit, agencyId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
  });

  it('an agency user sees only the agency section, the portal alone among the apps, and their agency in their profile', async () => {
    const menus = await agentX.data(agentX.get('/api/User/GetListMenus'));
    expect(menus.menuDetails.map((menu: { hashCode: string }) => menu.hashCode)).toEqual(['AGENCY']);
    expect(menus.permissionCurrents).toEqual([...AGENCY_PERMISSIONS].sort());
    expect((await agentX.data(agentX.get('/api/User/GetListBaseApp'))).map((app: { baseAppCode: string }) => app.baseAppCode)).toEqual(['PORTAL']);
    expect(await agentX.data(agentX.get('/api/User/GetUserProfileCurrent'))).toMatchObject({ agencyId: agencyX, agencyName: 'Đại lý An Phú', isAgent: true, unitId: null, isAdminIAM: false });
  });

  it("answers 403 to an agency's user on every route outside the agency-level permissions: no unit's users, settings or logs", async () => {
    const outside = t.app.routeTable.filter((route) => route.access !== 'public' && route.access !== 'signed-in' && route.access !== 'service-app' && ![route.access].flat().some(isAgencyLevelPermission));
    expect(outside.length).toBeGreaterThan(50);
    const answered = await Promise.all(
      outside.map(async (route) => {
        const url = route.url.replace(/:(\w+)/g, () => randomUUID());
        const response = await t.app.inject({ method: route.method as 'GET', url, headers: actors.agencyUserX.headers, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }) });
        return `${route.method} ${route.url} ${response.statusCode}`;
      }),
    );
    expect(answered.filter((line) => !line.endsWith(' 403'))).toEqual([]);
  });

  it("an agent user registers trials but never manages the agency's roles or users, whatever their role grants", async () => {
    const [manager] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Quản lý đại lý'));
    const sale = await agentX.data(
      agentX.post('/api/Agency/AddUpdateAgencyUser', { username: 'sale2.anphu', email: 'sale2@anphu.example.com', firstName: 'Hai', lastName: 'Sale', roleIds: [manager!.id], password: SAMPLE_PASSWORD, confirmPassword: SAMPLE_PASSWORD }),
    );
    expect((await agentX.data(agentX.get(`/api/Agency/GetAgencyUserById/${sale.id}`))).isAgent).toBe(false);
    const { access_token } = await signIn(t.app, { username: 'sale2.anphu', password: SAMPLE_PASSWORD });
    const saleApi = apiAs(t, bearer(access_token));
    expect((await saleApi.post('/api/Agency/SearchAgencyUser', { pageIndex: 1, pageSize: 20 })).statusCode).toBe(403);
    expect((await saleApi.post('/api/Agency/AddUpdateAgencyRole', { name: 'Mine' })).statusCode).toBe(403);
    await saleApi.data(saleApi.post('/api/Agency/RegisterTrialUnit', customer('x2')));
  });

  it("an agency role's permission matrix offers agency-level permissions only, and an agent cannot give another agency's role", async () => {
    const { id } = await agentX.data(agentX.post('/api/Agency/AddUpdateAgencyRole', { name: 'Chỉ xem' }));
    const matrix = await agentX.data(agentX.get(`/api/Agency/GetAssignPermissions?roleId=${id}`));
    const offered = matrix.modules.flatMap((m: { features: { actions: { permission: string }[] }[] }) => m.features.flatMap((f) => f.actions.map((a) => a.permission)));
    expect(offered.sort()).toEqual([...AGENCY_PERMISSIONS].sort());
    const platformOnly = await agentX.post('/api/Agency/SavePermissions', { roleId: id, permissions: ['UNIT_ENTERPRISE_LIST'] });
    expect(platformOnly.statusCode).toBe(400);
    await agentX.data(agentX.post('/api/Agency/SavePermissions', { roleId: id, permissions: ['AGENCY_UNIT_LIST'] }));
    expect((await agentY.get(`/api/Agency/GetAssignPermissions?roleId=${id}`)).statusCode).toBe(404);

    const [roleOfY] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.agencyId, agencyY));
    const foreignRole = await agentX.post('/api/Agency/AddUpdateAgencyUser', { username: 'sale3.anphu', email: 'sale3@anphu.example.com', firstName: 'Ba', lastName: 'Sale', roleIds: [roleOfY!.id], password: SAMPLE_PASSWORD, confirmPassword: SAMPLE_PASSWORD });
    expect(foreignRole.statusCode).toBe(400);
    expect(foreignRole.json().errors).toEqual([expect.objectContaining({ field: 'body.roleIds' })]);
  });

  it("suspending an agency signs its users out and keeps them out; deleting it keeps the units it brought", async () => {
    const { id } = await admin.data(admin.post('/api/Agency/Create', { name: 'Đại lý Tạm', code: 'TAM', commissionPercent: 5, commissionBasis: 'FIRST_PAYMENT' }));
    const [roleId] = [(await admin.data(admin.post('/api/Agency/AddUpdateAgencyRole', { agencyId: id, name: 'Quản lý' }))).id];
    await admin.data(admin.post('/api/Agency/AddUpdateAgencyUser', { agencyId: id, username: 'agent.tam', email: 'agent@tam.example.com', firstName: 'Tạm', lastName: 'Agent', roleIds: [roleId], isAgent: true, password: SAMPLE_PASSWORD, confirmPassword: SAMPLE_PASSWORD }));
    const unit = await admin.data(admin.post('/api/Agency/RegisterTrialUnit', { ...customer('tam'), agencyId: id }));
    const tokens = await signIn(t.app, { username: 'agent.tam', password: SAMPLE_PASSWORD });
    const agent = apiAs(t, bearer(tokens.access_token));
    await agent.data(agent.get('/api/User/GetUserProfileCurrent'));

    await admin.data(admin.post('/api/Agency/UpdateStatus', { id, status: 0 }));
    expect((await agent.get('/api/User/GetUserProfileCurrent')).statusCode).toBe(401);
    await expect(signIn(t.app, { username: 'agent.tam', password: SAMPLE_PASSWORD })).rejects.toThrow();

    await admin.data(admin.delete(`/api/Agency/Delete/${id}`));
    const [kept] = await t.database.db.select({ agencyId: units.agencyId }).from(units).where(eq(units.id, unit.id));
    expect(kept).toEqual({ agencyId: null });
  });
});
