import { and, asc, between, desc, eq, sql } from 'drizzle-orm';
import { STATUS, type PackageServiceUnitsSortField, type packageServiceUnitsReport, type ServiceUnitsSortField, type serviceUnitsReport, type serviceVisitReport, type SortRequest } from '@portal/contracts';
import { activityCounters, packageServices, servicePackages, services, unitPackages, units } from '../../db/schema/index.ts';
import { packUsableAt } from '../../identity/packs.ts';
import { allOf, keywordMatch, sortedBy, totalOver } from '../../platform/resource/search.ts';
import { daysBetween } from '../dashboard/activity-day.ts';
import { serviceAccessesByDay } from '../dashboard/activity-figures.ts';
import { pageOfRows, type ReportQuery, type ReportRead } from './report-store.ts';

/** Points of a day on a chart's axis: DD/MM. */
const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** How many units a chart of units names (the busiest first); the table holds them all. */
const CHART_UNITS = 20;

function activeServices({ db, query }: ReportRead<{ serviceCode?: string | undefined; keyword?: string | undefined }>) {
  return db
    .select({ code: services.code, name: services.name })
    .from(services)
    .where(allOf(eq(services.status, STATUS.active), query.serviceCode ? eq(services.code, query.serviceCode) : undefined, keywordMatch([services.name, services.code], query.keyword)))
    .orderBy(services.sortOrder, services.code);
}

/** Report_3: per day and service, the sign-ins into the service's app, empty days as zero. */
async function serviceVisits(read: ReportRead<{ fromDate: string; toDate: string; serviceCode?: string | undefined; keyword?: string | undefined }>) {
  const [catalogue, counted] = await Promise.all([activeServices(read), serviceAccessesByDay(read.db, read.query, read.unit)]);
  const count = new Map(counted.map((row) => [`${row.day}:${row.serviceCode}`, row.count]));
  const days = daysBetween(read.query.fromDate, read.query.toDate);
  return { catalogue, days, count };
}

export const serviceVisitQuery: ReportQuery<typeof serviceVisitReport> = {
  async rows(read) {
    const { catalogue, days, count } = await serviceVisits(read);
    // Newest first in the table; the chart runs forward in time.
    const rows = days.toReversed().flatMap((date) =>
      catalogue.map((service) => ({
        id: `${date}:${service.code}`,
        date,
        serviceCode: service.code,
        serviceName: service.name,
        numberOfAccesses: count.get(`${date}:${service.code}`) ?? 0,
      })),
    );
    return pageOfRows(rows, read.page);
  },
  async chart(read) {
    const { catalogue, days, count } = await serviceVisits(read);
    return {
      kind: 'lines',
      labels: days.map(dayLabel),
      series: catalogue.map((service) => ({ label: service.name, values: days.map((day) => count.get(`${day}:${service.code}`) ?? 0) })),
    };
  },
};

/** Per pack and service: the units holding the pack, usable today (started, not ended). */
async function packageServiceUnits(
  read: ReportRead<{ packageId?: string | undefined; serviceCode?: string | undefined; keyword?: string | undefined }>,
  sort?: SortRequest<PackageServiceUnitsSortField>,
) {
  const { db, query, unit, clock } = read;
  const holding = and(
    eq(unitPackages.packageId, servicePackages.id),
    packUsableAt(clock.now()),
    unit === undefined ? undefined : eq(unitPackages.unitId, unit),
  );
  const numberOfUnits = sql<number>`count(distinct ${unitPackages.unitId})`.mapWith(Number);
  // A pack's services are a handful and packs a few dozen: the rows are counted whole, then paged.
  const order = sortedBy(
    sort,
    {
      packageName: [sql`lower(${servicePackages.name})`, services.code],
      serviceName: [sql`lower(${services.name})`, sql`lower(${servicePackages.name})`],
      numberOfUnits: [numberOfUnits, sql`lower(${servicePackages.name})`, services.code],
    } satisfies Record<PackageServiceUnitsSortField, unknown>,
    servicePackages.id,
    [asc(servicePackages.name), asc(services.sortOrder), asc(services.code)],
  );
  const rows = await db
    .select({
      packageId: servicePackages.id,
      packageName: servicePackages.name,
      serviceCode: services.code,
      serviceName: services.name,
      numberOfUnits,
    })
    .from(servicePackages)
    .innerJoin(packageServices, eq(packageServices.packageId, servicePackages.id))
    .innerJoin(services, eq(services.id, packageServices.serviceId))
    .leftJoin(unitPackages, holding)
    .where(
      allOf(
        eq(servicePackages.status, STATUS.active),
        query.packageId ? eq(servicePackages.id, query.packageId) : undefined,
        query.serviceCode ? eq(services.code, query.serviceCode) : undefined,
        keywordMatch([servicePackages.name, services.name], query.keyword),
      ),
    )
    .groupBy(servicePackages.id, servicePackages.name, services.code, services.name, services.sortOrder)
    .orderBy(...order);
  return rows.map((row) => ({ id: `${row.packageId}:${row.serviceCode}`, ...row }));
}

export const packageServiceUnitsQuery: ReportQuery<typeof packageServiceUnitsReport> = {
  rows: async (read) => pageOfRows(await packageServiceUnits(read, read.query.sort), read.page),
  async chart(read) {
    const rows = await packageServiceUnits(read);
    return { kind: 'bars', labels: rows.map((row) => `${row.packageName} · ${row.serviceName}`), series: [{ label: 'numberOfUnits', values: rows.map((row) => row.numberOfUnits) }] };
  },
};

/**
 * Per unit holding a service (through a pack usable today): its packs, and the sign-ins
 * into the service's app within the period from the counters. Paged in the database: a
 * service can have every unit of the platform.
 */
function serviceUnits(
  read: ReportRead<{ fromDate: string; toDate: string; serviceCode?: string | undefined; keyword?: string | undefined }>,
  limit: number,
  offset: number,
  sort?: SortRequest<ServiceUnitsSortField>,
) {
  const { db, query, unit, clock } = read;
  const accesses = sql<number>`coalesce((select sum(${activityCounters.count}) from ${activityCounters} where ${activityCounters.metric} = 'service_access'
    and ${activityCounters.unitId} = ${units.id} and ${activityCounters.serviceCode} = ${services.code}
    and ${between(activityCounters.day, query.fromDate, query.toDate)}), 0)`.mapWith(Number);
  // By business, service or accesses (each then the others); a row is a business and a service.
  const order = sortedBy(
    sort,
    {
      unitName: [sql`lower(${units.name})`, services.code],
      serviceName: [sql`lower(${services.name})`, services.code, sql`lower(${units.name})`],
      numberOfAccesses: [accesses, services.code],
    } satisfies Record<ServiceUnitsSortField, unknown>,
    units.id,
    [desc(accesses), asc(units.name), asc(services.code)],
  );
  return db
    .select({
      unitId: units.id,
      unitName: units.name,
      serviceCode: services.code,
      serviceName: services.name,
      packageNames: sql<string>`string_agg(distinct ${servicePackages.name}, ', ')`,
      numberOfAccesses: accesses,
      total: totalOver,
    })
    .from(unitPackages)
    .innerJoin(units, eq(units.id, unitPackages.unitId))
    .innerJoin(servicePackages, eq(servicePackages.id, unitPackages.packageId))
    .innerJoin(packageServices, eq(packageServices.packageId, unitPackages.packageId))
    .innerJoin(services, eq(services.id, packageServices.serviceId))
    .where(
      allOf(
        packUsableAt(clock.now()),
        eq(services.status, STATUS.active),
        unit === undefined ? undefined : eq(unitPackages.unitId, unit),
        query.serviceCode ? eq(services.code, query.serviceCode) : undefined,
        keywordMatch([units.name, services.name], query.keyword),
      ),
    )
    .groupBy(units.id, units.name, services.code, services.name)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

export const serviceUnitsQuery: ReportQuery<typeof serviceUnitsReport> = {
  async rows(read) {
    const rows = await serviceUnits(read, read.page.limit, read.page.offset, read.query.sort);
    return {
      records: rows.map(({ total: _total, ...row }) => ({ id: `${row.unitId}:${row.serviceCode}`, ...row })),
      totalRecord: rows[0]?.total ?? (read.page.offset > 0 ? ((await serviceUnits(read, 1, 0))[0]?.total ?? 0) : 0),
    };
  },
  async chart(read) {
    const rows = await serviceUnits(read, CHART_UNITS, 0);
    return { kind: 'bars', labels: rows.map((row) => `${row.unitName} · ${row.serviceName}`), series: [{ label: 'numberOfAccesses', values: rows.map((row) => row.numberOfAccesses) }] };
  },
};
