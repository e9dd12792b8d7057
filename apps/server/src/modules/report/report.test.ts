import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageServiceUnitsReport, serviceUnitsReport, serviceVisitReport } from '@portal/contracts';
import { callApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { eventually } from '../../../test/eventually.ts';
import { exchangeCode, signIn, startAuthorization } from '../../../test/oidc-client.ts';
import { DEMO_UNIT_ADMIN, startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.ts';
import { layoutProblems, readReport } from '../../../test/xlsx.ts';
import { serviceAccesses, services, units } from '../../db/schema/index.ts';
import { activityDay } from '../dashboard/activity-day.ts';

const CRM_CALLBACK = 'https://crm.example.test/signin-callback';
const VISITS = `/api${serviceVisitReport.paths.search}`;
const PACKAGE_UNITS = `/api${packageServiceUnitsReport.paths.search}`;
const SERVICE_UNITS = `/api${serviceUnitsReport.paths.search}`;

interface Row {
  id: string;
  date: string;
  unitId: string;
  serviceCode: string;
  numberOfAccesses: number;
  numberOfUnits: number;
}

describe.each(DATABASE_KINDS)('reports on %s', (kind) => {
  let t: TestApp;
  let platformToken: string;
  let unitAdminToken: string;
  let minhPhat: string;
  let saoViet: string;
  const today = activityDay(new Date());
  const lastWeek = { fromDate: activityDay(new Date(Date.now() - 7 * 86_400_000)), toDate: today };

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.database.db.update(services).set({ link: 'https://crm.example.test/', redirectLink: CRM_CALLBACK }).where(eq(services.code, 'CRM'));
    platformToken = (await signIn(t.app, TEST_ADMIN)).access_token;
    unitAdminToken = (await signIn(t.app, DEMO_UNIT_ADMIN)).access_token;
    const unitIdOf = async (name: string) => (await t.database.db.select({ id: units.id }).from(units).where(eq(units.name, name)))[0]!.id;
    minhPhat = await unitIdOf('Công ty TNHH Minh Phát');
    saoViet = await unitIdOf('Công ty Cổ phần Sao Việt');
  });
  afterAll(() => t.close());

  const report = async (token: string, url: string, body: object) => {
    const response = await callApi(t.app, token, url, { pageIndex: 1, pageSize: 200, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { records: Row[]; totalRecord: number; chart: { labels: string[]; series: { label: string; values: number[] }[] } };
  };
  const crmToday = (rows: Row[]) => rows.find((row) => row.date === today && row.serviceCode === 'CRM')!.numberOfAccesses;

  const crmAccesses = async () => (await t.database.db.select({ n: count() }).from(serviceAccesses).where(eq(serviceAccesses.serviceCode, 'CRM')))[0]!.n;

  /**
   * A sign-in into the CRM app through the portal, as the demo unit's administrator. The access
   * is counted by the provider's authorization event after its answer, so it lands moments
   * after the redirect: wait for its row before reading the reports.
   */
  async function signInToCrm(): Promise<void> {
    const counted = await crmAccesses();
    const user = await signIn(t.app, DEMO_UNIT_ADMIN);
    const { response, verifier } = await startAuthorization(user.browser, { clientId: 'CRM', redirectUri: CRM_CALLBACK, scope: 'openid profile email' });
    const code = new URL(String(response.headers.location)).searchParams.get('code')!;
    expect((await exchangeCode(user.browser, code, verifier, CRM_CALLBACK, 'CRM')).statusCode).toBe(200);
    await eventually(crmAccesses, (n) => n > counted, 'the CRM sign-in counted');
  }

  it('counts each sign-in into a service app in Report_3, per day and service, with the chart of every row', async () => {
    const before = await report(platformToken, VISITS, { ...lastWeek, serviceCode: 'CRM' });
    expect(before.totalRecord).toBe(8);
    expect(before.records.every((row) => row.serviceCode === 'CRM')).toBe(true);
    await signInToCrm();
    const after = await report(platformToken, VISITS, { ...lastWeek, serviceCode: 'CRM' });
    expect(crmToday(after.records)).toBe(crmToday(before.records) + 1);
    expect(after.chart.labels).toHaveLength(8);
    expect(after.chart.series).toHaveLength(1);
    expect(after.chart.series[0]!.values).toEqual(after.records.map((row) => row.numberOfAccesses).toReversed());
    expect(after.records[0]!.date).toBe(today);

    // The other unit's figures did not move; Minh Phát's did.
    const other = await report(platformToken, VISITS, { ...lastWeek, serviceCode: 'CRM', unitId: saoViet });
    const own = await report(platformToken, VISITS, { ...lastWeek, serviceCode: 'CRM', unitId: minhPhat });
    expect(crmToday(own.records)).toBeGreaterThanOrEqual(1);
    expect(crmToday(other.records) + crmToday(own.records)).toBeLessThanOrEqual(crmToday(after.records));

    // Every active service shows, a page at a time.
    const all = await report(platformToken, VISITS, { ...lastWeek, pageSize: 5, pageIndex: 2 });
    expect(all.records).toHaveLength(5);
    expect(all.totalRecord).toBe(8 * all.chart.series.length);
  });

  it("shows a unit's administrator their own unit's figures, whatever unit they name", async () => {
    const own = await report(platformToken, VISITS, { ...lastWeek, unitId: minhPhat });
    const asked = await report(unitAdminToken, VISITS, { ...lastWeek, unitId: saoViet });
    expect(asked.records).toEqual(own.records);

    const packs = await report(unitAdminToken, PACKAGE_UNITS, { unitId: saoViet });
    expect(packs.records.length).toBeGreaterThan(0);
    expect(packs.records.every((row) => row.numberOfUnits <= 1)).toBe(true);
    expect(packs.records.some((row) => row.numberOfUnits === 1)).toBe(true);

    const detail = await report(unitAdminToken, SERVICE_UNITS, { ...lastWeek, unitId: saoViet });
    expect(detail.records.length).toBeGreaterThan(0);
    expect(detail.records.every((row) => row.unitId === minhPhat)).toBe(true);
  });

  it('counts the units using each pack\'s services, and details the units of a service with their accesses', async () => {
    const packs = await report(platformToken, PACKAGE_UNITS, { serviceCode: 'CRM' });
    expect(packs.records.length).toBeGreaterThan(0);
    expect(packs.records.every((row) => row.serviceCode === 'CRM')).toBe(true);
    const unitsOfCrm = await report(platformToken, SERVICE_UNITS, { ...lastWeek, serviceCode: 'CRM' });
    // A unit holding CRM through two packs is one row of the detail, and counted in both packs.
    expect(new Set(unitsOfCrm.records.map((row) => row.unitId)).size).toBe(unitsOfCrm.totalRecord);
    expect(Math.max(...packs.records.map((row) => row.numberOfUnits))).toBeLessThanOrEqual(unitsOfCrm.totalRecord);

    const before = unitsOfCrm.records.find((row) => row.unitId === minhPhat)!.numberOfAccesses;
    await signInToCrm();
    const after = await report(platformToken, SERVICE_UNITS, { ...lastWeek, serviceCode: 'CRM' });
    expect(after.records.find((row) => row.unitId === minhPhat)!.numberOfAccesses).toBe(before + 1);
    // Busiest first, and the chart names them in that order.
    const accesses = after.records.map((row) => row.numberOfAccesses);
    expect(accesses).toEqual([...accesses].sort((a, b) => b - a));
    expect(after.chart.series[0]!.values).toEqual(accesses.slice(0, 20));
  });

  it('refuses reversed, open-ended and over-long periods naming the field, and writes nothing', async () => {
    for (const url of [VISITS, SERVICE_UNITS]) {
      for (const [body, field] of [
        [{ fromDate: '2026-03-02', toDate: '2026-03-01' }, 'body.toDate'],
        [{ fromDate: '2026-03-01' }, 'body.toDate'],
        [{ toDate: '2026-03-01' }, 'body.fromDate'],
        [{ fromDate: '2000-01-01', toDate: '2026-01-01' }, 'body.toDate'],
        [{ fromDate: '2026-01-01', toDate: '2026-01-31', unitId: 'nobody' }, 'body.unitId'],
      ] as const) {
        const response = await callApi(t.app, platformToken, url, body);
        expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
      }
    }
  });

  it('exports every row on sheet "Report" in the caller\'s language', async () => {
    for (const [contract, url, body] of [
      [serviceVisitReport, VISITS, { ...lastWeek, serviceCode: 'CRM' }],
      [packageServiceUnitsReport, PACKAGE_UNITS, {}],
      [serviceUnitsReport, SERVICE_UNITS, lastWeek],
    ] as const) {
      const { totalRecord } = await report(platformToken, url, { ...body, pageSize: 1 });
      const response = await callApi(t.app, platformToken, url, { ...body, pageSize: 1, isExport: true }, 'vi');
      expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const sheet = await readReport(response);
      expect(layoutProblems(sheet, contract.exportColumns, 'vi')).toEqual([]);
      expect(sheet.rows).toHaveLength(totalRecord);
    }
  });
});
