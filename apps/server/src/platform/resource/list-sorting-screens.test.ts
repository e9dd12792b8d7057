import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_STATUS,
  MAIL_OUTBOX_STATUS,
  STATUS,
  type AgencyRoleSortField,
  type AppObjectSortField,
  type AppUserSortField,
  type BlacklistSortField,
  type BusinessTemplateSortField,
  type EmailCampaignSortField,
  type IntegrationSortField,
  type MailOutboxSortField,
  type PackageServiceUnitsSortField,
  type RoleSortField,
  type ServiceSortField,
  type ServiceUnitsSortField,
  type SmsTemplateSortField,
  type UnitChannelSortField,
  type UpgradeRequestSortField,
} from '@portal/contracts';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { contractOf, ResourceFixtures } from '../../../test/resource-fixtures.ts';
import { lower, plain, sortedLists, type Row } from '../../../test/sorted-lists.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { mailOutbox, units } from '../../db/schema/index.ts';

/** Several keys, the first then the next: a name, then the other name; a state, then the time. */
const keys =
  (...parts: ((row: Row) => string | number)[]) =>
  (row: Row) =>
    parts.map((part) => part(row));

/**
 * The other lists of the screens (issue 25's audit) sort by the columns their contract declares,
 * on the server, page after page, names and codes without case, ties by id; an undeclared
 * column is refused, and the default order stays the list's own.
 */
describe.each(DATABASE_KINDS)('sorted lists of the screens on %s', (kind) => {
  let t: TestApp;
  let admin: Api;
  let fixtures: ResourceFixtures;
  let lists: ReturnType<typeof sortedLists>;
  /** Four services named for this test, out of case order ('zsort svc a' sorts first only without case). */
  const services: { id: string; name: string }[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind);
    const actor = await signInActor(t, 'platformAdmin');
    admin = apiAs(t, actor.headers);
    fixtures = await ResourceFixtures.create(t, actor.headers);
    lists = sortedLists(admin);
    for (const [name, code] of [['zsort svc C', 'ZSC'], ['zsort svc a', 'zsd'], ['zsort svc B', 'zsb'], ['zsort svc d', 'ZSA']]) {
      const created = await fixtures.fresh('Channel', { name, code });
      services.push({ id: created.id, name: name! });
    }
  });
  afterAll(() => t?.close());

  const path = (resource: string) => contractOf(resource).paths.search!;

  it('system roles and agency roles by name, creation and status; services by name, code, creation and status', async () => {
    for (const [name, status] of [['zsort-role C', STATUS.active], ['zsort-role a', STATUS.inactive], ['zsort-role B', STATUS.active], ['zsort-role d', STATUS.inactive]] as const) {
      const role = await fixtures.fresh('Role', { name });
      if (status === STATUS.inactive) await admin.data(admin.post('/api/Role/UpdateStatusRole', { id: role.id, status }));
      await fixtures.fresh('AgencyRole', { name: `${name} agency` });
    }
    const roleKeys = { name: lower('name'), createdAt: plain('createdAt'), status: plain('status') } satisfies Record<RoleSortField & AgencyRoleSortField, unknown>;
    await lists.expectSorted(path('Role'), 'zsort-role', roleKeys);
    await lists.expectSorted(path('AgencyRole'), 'zsort-role', roleKeys);
    const byName = await lists.allPages(path('Role'), { keyword: 'zsort-role', sort: { field: 'name', order: 'ascend' } });
    expect(byName.map((row) => row.name)).toEqual(['zsort-role a', 'zsort-role B', 'zsort-role C', 'zsort-role d']);
    await lists.takenBack('Role', 'zsort-role', { field: 'name', order: 'descend' });

    const serviceKeys = { name: lower('name'), code: lower('code'), createdAt: plain('createdAt'), status: plain('status') } satisfies Record<ServiceSortField, unknown>;
    await lists.expectSorted(path('Channel'), 'zsort svc', serviceKeys);
  });

  it("access management by business, service and access; integrations by service, business and last change; the defaults by service", async () => {
    for (const service of services) {
      await fixtures.fresh('UnitChannel', { serviceId: service.id, status: service.name.endsWith('B') ? STATUS.inactive : STATUS.active });
      await fixtures.fresh('Integrate', { serviceId: service.id, scimEndpoint: `https://zsort-${service.id.slice(0, 8)}.example.com/scim/v2` });
      await fixtures.fresh('IntegrateDefault', { serviceId: service.id });
    }
    const accessKeys = {
      unitName: keys(lower('unitName'), lower('serviceName')),
      serviceName: keys(lower('serviceName'), lower('unitName')),
      status: keys(plain('status'), lower('unitName'), lower('serviceName')),
    } satisfies Record<UnitChannelSortField, unknown>;
    await lists.expectSorted(path('UnitChannel'), 'zsort svc', accessKeys);

    const integrationKeys = { serviceName: keys(lower('serviceName'), lower('unitName')), unitName: keys(lower('unitName'), lower('serviceName')), updatedAt: plain('updatedAt') } satisfies Record<IntegrationSortField, unknown>;
    await lists.expectSorted(path('Integrate'), 'zsort svc', integrationKeys);
    await lists.takenBack('Integrate', 'zsort svc', { field: 'serviceName', order: 'ascend' });
    await lists.expectSorted(path('IntegrateDefault'), 'zsort svc', { serviceName: lower('serviceName'), updatedAt: plain('updatedAt') });
  });

  it("business and SMS templates by name, service or type, last change and status; a service app's roles, profiles and groups by code and name; service users by account", async () => {
    for (const [name, code] of [['zsort tpl C', 'zs_c'], ['zsort tpl a', 'ZS_D'], ['zsort tpl B', 'zs_a'], ['zsort tpl d', 'ZS_B']] as const) {
      await fixtures.fresh('TemplateClone', { name, serviceId: services[code.length % 2]!.id });
      await fixtures.fresh('TemplateSms', { name, type: code.startsWith('zs') ? 'CUSTOMER_CARE' : 'ADVERTISING' });
      for (const resource of ['AppRole', 'AppProfile', 'AppUserGroup']) await fixtures.fresh(resource, { name, code });
      const user = await fixtures.fresh('UnitUser', { username: `zsort.app.${code.toLowerCase()}`, firstName: 'Sort', lastName: 'App' });
      await fixtures.fresh('AppUser', { userId: user.id });
    }
    const templateKeys = { name: lower('name'), serviceName: keys(lower('serviceName'), lower('name')), updatedAt: plain('updatedAt'), status: plain('status') } satisfies Record<BusinessTemplateSortField, unknown>;
    await lists.expectSorted(path('TemplateClone'), 'zsort tpl', templateKeys);
    const smsKeys = { name: lower('name'), type: plain('type'), updatedAt: plain('updatedAt'), status: plain('status') } satisfies Record<SmsTemplateSortField, unknown>;
    await lists.expectSorted(path('TemplateSms'), 'zsort tpl', smsKeys);
    await lists.takenBack('TemplateSms', 'zsort tpl', { field: 'name', order: 'ascend' });

    const objectKeys = { code: lower('code'), name: lower('name') } satisfies Record<AppObjectSortField, unknown>;
    for (const resource of ['AppRole', 'AppProfile', 'AppUserGroup']) await lists.expectSorted(path(resource), 'zsort tpl', objectKeys);
    const byCode = await lists.allPages(path('AppRole'), { keyword: 'zsort tpl', sort: { field: 'code', order: 'ascend' } });
    expect(byCode.map((row) => row.code)).toEqual(['zs_a', 'ZS_B', 'zs_c', 'ZS_D']);
    await lists.takenBack('AppRole', 'zsort tpl', { field: 'code', order: 'descend' });

    await lists.expectSorted(path('AppUser'), 'zsort.app.', { username: lower('username') } satisfies Record<AppUserSortField, unknown>);
  });

  it('the three blacklists by value and when listed; campaigns by name, send time and status; upgrade requests by time, business and state', async () => {
    for (const [resource, values] of [
      ['BlackList', ['zsort-c.example.com', 'zsort-a.example.com', 'zsort-d.example.com', 'zsort-b.example.com']],
      ['BlackListSubdomain', ['c.zsort.example.org', 'a.zsort.example.org', 'd.zsort.example.org', 'b.zsort.example.org']],
      ['ExceptionBlackList', ['c@zsort.example.com', 'a@zsort.example.com', 'd@zsort.example.com', 'b@zsort.example.com']],
    ] as const) {
      for (const value of values) await fixtures.fresh(resource, { value });
      await lists.expectSorted(path(resource), 'zsort', { value: lower('value'), createdAt: plain('createdAt') } satisfies Record<BlacklistSortField, unknown>);
    }

    for (const [name, day] of [['zsort camp C', 3], ['zsort camp a', 1], ['zsort camp B', 4], ['zsort camp d', 2]] as const) {
      const campaign = await fixtures.fresh('EmailCampaign', { name, sendAt: `2031-01-0${day}T08:00:00.000Z` });
      if (day % 2) await admin.data(admin.post('/api/EmailCampaign/UpdateStatus', { id: campaign.id, status: CAMPAIGN_STATUS.cancelled }));
    }
    await lists.expectSorted(path('EmailCampaign'), 'zsort camp', { name: lower('name'), sendAt: plain('sendAt'), status: plain('status') } satisfies Record<EmailCampaignSortField, unknown>);

    for (let i = 0; i < 4; i += 1) await fixtures.fresh('UpgradeRequest');
    const [unit] = await t.database.db.select({ name: units.name }).from(units).where(eq(units.id, fixtures.context.unitId));
    const requestKeys = {
      createdAt: plain('createdAt'),
      unitName: keys(lower('unitName'), plain('createdAt')),
      state: keys(plain('state'), plain('createdAt')),
    } satisfies Record<UpgradeRequestSortField, unknown>;
    await lists.expectSorted(path('UpgradeRequest'), unit!.name, requestKeys);
  });

  it('the mail outbox by queue time, receiver and state (each one’s mail in time order)', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 10, minute));
    await t.database.db.insert(mailOutbox).values(
      (
        [
          ['zsort-b@example.com', MAIL_OUTBOX_STATUS.sent, 3],
          ['zsort-a@example.com', MAIL_OUTBOX_STATUS.failed, 1],
          ['zsort-b@example.com', MAIL_OUTBOX_STATUS.failed, 0],
          ['zsort-c@example.com', MAIL_OUTBOX_STATUS.sent, 2],
          ['zsort-a@example.com', MAIL_OUTBOX_STATUS.sent, 4],
        ] as const
      ).map(([recipient, status, minute]) => ({ kind: 'test', recipient, language: 'vi', subject: 'zsort mail', textBody: 'x', status, createdAt: at(minute) })),
    );
    const outboxKeys = {
      createdAt: plain('createdAt'),
      recipient: keys(plain('recipient'), plain('createdAt')),
      status: keys(plain('status'), plain('createdAt')),
    } satisfies Record<MailOutboxSortField, unknown>;
    const rows = await lists.expectSorted('/MailOutbox/Search', 'zsort mail', outboxKeys);
    // Without a sort, newest first, as before.
    expect(rows.map((row) => row.createdAt)).toEqual([4, 3, 2, 1, 0].map((minute) => at(minute).toISOString()));
  });

  it('the reports that are lists: businesses using a service by business, service and accesses; businesses per pack and service by pack, service and count', async () => {
    const day = (at: number) => new Date(at).toISOString().slice(0, 10);
    const period = { fromDate: day(Date.now() - 30 * 86_400_000), toDate: day(Date.now()) };
    const detailKeys = {
      unitName: keys(lower('unitName'), plain('serviceCode')),
      serviceName: keys(lower('serviceName'), plain('serviceCode'), lower('unitName')),
      numberOfAccesses: keys(plain('numberOfAccesses'), plain('serviceCode')),
    } satisfies Record<ServiceUnitsSortField, unknown>;
    await lists.expectSorted('/Report/GetReportUnitUsingServiceDetail', period, detailKeys);
    const countKeys = {
      packageName: keys(lower('packageName'), plain('serviceCode')),
      serviceName: keys(lower('serviceName'), lower('packageName')),
      numberOfUnits: keys(plain('numberOfUnits'), lower('packageName'), plain('serviceCode')),
    } satisfies Record<PackageServiceUnitsSortField, unknown>;
    await lists.expectSorted('/Report/GetReportUnitUsingPackageService', {}, countKeys);
  });
});
