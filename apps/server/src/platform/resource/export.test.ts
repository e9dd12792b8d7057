import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, isUnitLevelPermission, type Language } from '@portal/contracts';
import { signInActors, signInNewStaff, type ActorKey, type TestActor } from '../../../test/actors.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { contractOf } from '../../../test/resource-fixtures.ts';
import { testedRoutes, routeKey } from '../../../test/route-calls.ts';
import { searchSampleFor } from '../../../test/samples.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { layoutProblems, readReport } from '../../../test/xlsx.ts';
import { roles, services, units, users } from '../../db/schema/index.ts';

/** Every resource list of the issue exports to .xlsx the same way: generated from the route table. */
describe.each(DATABASE_KINDS)('export to .xlsx on %s', async (kind) => {
  const t: TestApp = await startTestApp(kind);
  afterAll(() => t.close());
  const searches = testedRoutes(t.app.routeTable).filter((route) => route.resource?.operation === 'search');
  let actors: Record<ActorKey, TestActor>;
  /** Platform staff with every permission but not the export option. */
  let staffWithoutExport: Record<string, string>;

  const post = (url: string, headers: Record<string, string>, body: object, language: Language = 'vi') =>
    t.app.inject({ method: 'POST', url, headers: { ...headers, 'accept-language': language }, payload: body });
  const search = (url: string, headers: Record<string, string>, body: object, language: Language = 'vi') =>
    post(url, headers, { pageIndex: 1, pageSize: 20, ...searchSampleFor(searches.find((route) => route.url === url)?.resource?.name ?? ''), ...body }, language);

  beforeAll(async () => {
    actors = await signInActors(t);
    const [superAdmin] = await t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.code, BUILT_IN_ROLES.superAdmin));
    staffWithoutExport = (await signInNewStaff(t, actors.platformAdmin.headers, [superAdmin!.id])).headers;
    // More than one row in every list: a second system role, logged changes in units A and B.
    const admin = actors.platformAdmin.headers;
    await post('/api/Role/AddUpdateRole', admin, { name: 'Xuất dữ liệu', description: 'Export' });
    for (const username of ['chi.minhphat', 'chi.saoviet']) {
      const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
      await post('/api/User/UpdateStatusUser', admin, { id: user!.id, status: 1 });
    }
    // Two integration defaults, copied into a unit.
    const [crm, ic] = await t.database.db.select({ id: services.id }).from(services).orderBy(services.code).limit(2);
    for (const service of [crm!, ic!]) await post('/api/IntegrateDefault/Create', admin, { serviceId: service.id, scimEndpoint: 'https://app.example.test/scim', enabled: true, credential: 'export-token' });
    const [unit] = await t.database.db.select({ id: units.id }).from(units).limit(1);
    await post('/api/Integrate/CreateDefaultConfigData', admin, { unitId: unit!.id });
    // Upgrade requests of units A and B.
    for (const tenantId of ['minhphat', 'saoviet']) {
      const [unitOf] = await t.database.db.select({ id: units.id }).from(units).where(eq(units.tenantId, tenantId));
      await post('/api/Unit/RequestUpdatePackageService', admin, { unitId: unitOf!.id, note: 'Nâng cấp' });
    }
    // Two business-information templates of the first service.
    for (const name of ['Mẫu bán lẻ', 'Mẫu dịch vụ']) await post('/api/TemplateClone/Update', admin, { serviceId: crm!.id, name, description: name, content: '{}', isDefault: false });
    // Two SMS templates, two campaigns.
    for (const name of ['SMS 1', 'SMS 2']) await post('/api/TemplateSms/AddUpdate', admin, { name, content: 'Xin chao', type: 'CUSTOMER_CARE' });
    for (const name of ['Bản tin 1', 'Bản tin 2']) {
      await post('/api/EmailCampaign/AddUpdate', admin, { name, subject: name, receiverType: 1, receivers: 'an@example.com', content: '<p>Tin</p>', sendAt: '2030-01-01T00:00:00.000Z' });
    }
  });

  it('finds the resource lists to export', () => {
    expect(searches.map((route) => route.resource!.name).sort()).toEqual(['ActionLog', 'AdminAccount', 'Agency', 'AgencyRole', 'AgencyUnit', 'AgencyUser', 'AppProfile', 'AppRole', 'AppUser', 'AppUserGroup', 'BlackList', 'BlackListSubdomain', 'Category', 'Channel', 'ChannelPackage', 'ConfigData', 'ConfigDataDefault', 'EmailCampaign', 'EmailTemplate', 'ExceptionBlackList', 'Integrate', 'IntegrateDefault', 'PackageServiceChannel', 'ReportServiceVisitOverTime', 'ReportUnitUsingPackageService', 'ReportUnitUsingServiceDetail', 'Role', 'TemplateClone', 'TemplateSms', 'Unit', 'UnitChannel', 'UnitUser', 'UpgradeRequest', 'UserDevice']);
  });

  for (const route of searches) {
    const contract = contractOf(route.resource!.name);

    it(`${routeKey(route)} exports every matching row on sheet "Report", in the caller's language`, async () => {
      const admin = actors.platformAdmin.headers;
      const { totalRecord } = (await search(route.url, admin, { pageSize: 1 })).json().data;
      expect(totalRecord).toBeGreaterThan(1);
      for (const language of ['vi', 'en'] as const) {
        const response = await search(route.url, admin, { pageSize: 1, isExport: true }, language);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        expect(response.headers['content-disposition']).toBe(`attachment; filename="${contract.name}.xlsx"`);
        const report = await readReport(response);
        expect(layoutProblems(report, contract.exportColumns, language)).toEqual([]);
        expect(report.rows).toHaveLength(totalRecord);
      }
    });

    it(`${routeKey(route)} refuses the export with 403 to a lister without the export option`, async () => {
      const lister = isUnitLevelPermission(contract.permissions.search) ? actors.unitAdminA.headers : staffWithoutExport;
      expect((await search(route.url, lister, {})).statusCode).toBe(200);
      const refused = await search(route.url, lister, { isExport: true });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false, errorCode: 9403 });
    });
  }

  it("exports a unit administrator's own unit only", async () => {
    // Platform staff give the option on the unit administrators' screen: its record sent back with the option on.
    const admin = actors.platformAdmin.headers;
    const refused = await search('/api/User/SearchUserAdminUnitPage', actors.unitAdminA.headers, { isExport: true });
    expect(refused.statusCode).toBe(403);
    const record = (await t.app.inject({ method: 'GET', url: `/api/User/GetById/${actors.unitAdminA.userId}`, headers: admin })).json().data;
    expect(record.allowExport).toBe(false);
    expect((await post('/api/User/UpdateUserAdminUnit', admin, { ...record, allowExport: true })).json()).toMatchObject({ success: true });
    // Lists naming the unit of each row (a report of services alone has none to check).
    const named = (name: string) => contractOf(name).exportColumns.some((column) => column.key === 'unitName');
    for (const route of searches.filter((r) => isUnitLevelPermission(contractOf(r.resource!.name).permissions.search) && named(r.resource!.name))) {
      const { exportColumns } = contractOf(route.resource!.name);
      const unitColumn = exportColumns.findIndex((column) => column.key === 'unitName');
      const { totalRecord } = (await search(route.url, actors.unitAdminA.headers, {})).json().data;
      const report = await readReport(await search(route.url, actors.unitAdminA.headers, { isExport: true }));
      expect(report.rows, routeKey(route)).toHaveLength(totalRecord);
      expect(new Set(report.rows.map((row) => row[unitColumn])), routeKey(route)).toEqual(new Set(['Công ty TNHH Minh Phát']));
    }
  });

  it("lets platform staff give an agent the export option, which exports the agent's own agency only", async () => {
    const admin = actors.platformAdmin.headers;
    const agent = actors.agencyUserX;
    const agencyLists = searches.filter((route) => contractOf(route.resource!.name).exportColumns.some((column) => column.key === 'agencyName'));
    expect(agencyLists.map((route) => route.resource!.name)).toContain('AgencyUser');
    for (const route of agencyLists) expect((await search(route.url, agent.headers, { isExport: true })).statusCode, routeKey(route)).toBe(403);

    // An agent cannot give it to themselves: their own record sent back with it on leaves it off.
    const own = (await t.app.inject({ method: 'GET', url: `/api/Agency/GetAgencyUserById/${agent.userId}`, headers: agent.headers })).json().data;
    expect(own.allowExport).toBe(false);
    expect((await post('/api/Agency/AddUpdateAgencyUser', agent.headers, { ...own, allowExport: true })).json()).toMatchObject({ success: true });
    expect((await search('/api/Agency/SearchAgencyUser', agent.headers, { isExport: true })).statusCode).toBe(403);

    const record = (await t.app.inject({ method: 'GET', url: `/api/Agency/GetAgencyUserById/${agent.userId}`, headers: admin })).json().data;
    expect((await post('/api/Agency/AddUpdateAgencyUser', admin, { ...record, allowExport: true })).json()).toMatchObject({ success: true });
    for (const route of agencyLists) {
      const agencyColumn = contractOf(route.resource!.name).exportColumns.findIndex((column) => column.key === 'agencyName');
      const { totalRecord } = (await search(route.url, agent.headers, {})).json().data;
      const report = await readReport(await search(route.url, agent.headers, { isExport: true }));
      expect(report.rows, routeKey(route)).toHaveLength(totalRecord);
      expect(new Set(report.rows.map((row) => row[agencyColumn])), routeKey(route)).toEqual(new Set([record.agencyName]));
    }
  });
});
