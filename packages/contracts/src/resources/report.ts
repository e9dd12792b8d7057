import { z } from 'zod';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { periodFields, withPeriodRules } from '../schemas/dashboard.ts';
import { defineResource, type ExportColumn, type ResourceContract } from './define.ts';

/**
 * Reports (/report/list-report): read-only resources whose rows are figures, not objects. Each
 * is a resource contract (search with export, the report permission) whose search reply also
 * carries the chart of every matching row; the server reads them from the activity counters.
 */
export const reportChartSchema = z.object({
  kind: z.enum(['lines', 'bars']),
  /** One label per point (days, units, services). */
  labels: z.array(z.string()),
  series: z.array(z.object({ label: z.string(), values: z.array(z.number()) })),
});
export type ReportChart = z.infer<typeof reportChartSchema>;

/** What every report's search answers beside its page. */
const reportExtra = { chart: reportChartSchema };

export interface ReportContract<R extends z.ZodObject = z.ZodObject, Q extends z.ZodObject = z.ZodObject> extends ResourceContract<R, z.ZodObject, Q, z.ZodObject, typeof reportExtra> {
  /** The report's code in the report list (Report_3 …). */
  code: string;
}

/** One report: a read-only resource with the report permission and a chart beside its page. */
function defineReport<R extends z.ZodObject, Q extends z.ZodObject>(report: {
  code: string;
  name: string;
  path: string;
  record: R;
  search: Q;
  exportColumns: readonly ExportColumn[];
}): ReportContract<R, Q> {
  return {
    ...defineResource({
      name: report.name,
      record: report.record,
      save: z.strictObject({}),
      search: report.search,
      paths: { search: report.path },
      permissions: { search: 'REPORT_LIST_ACCESS', get: 'REPORT_LIST_ACCESS' },
      statuses: [],
      exportColumns: report.exportColumns,
      searchExtra: reportExtra,
    }),
    code: report.code,
  };
}

/** Filters every report takes: a unit (platform staff; a unit's users always get their own) and a service. */
const reportFilters = {
  unitId: z.uuid().optional(),
  serviceCode: z.string().trim().max(50).optional(),
};

/** A report over a period: both ends required, not reversed, at most a year (naming toDate). */
const periodReportSearchSchema = withPeriodRules(pageRequestSchema.extend({ ...periodFields, ...reportFilters }));
export type PeriodReportSearch = z.input<typeof periodReportSearchSchema>;

export const serviceVisitRecordSchema = z.object({
  /** The day and the service: one row of the table. */
  id: z.string(),
  date: z.string(),
  serviceCode: z.string(),
  serviceName: z.string(),
  /** Sign-ins into the service's app through the portal that day. */
  numberOfAccesses: z.number().int(),
});
export type ServiceVisitRecord = z.infer<typeof serviceVisitRecordSchema>;

/** Report_3: service access counts over time, per day and service. */
export const serviceVisitReport = defineReport({
  code: 'Report_3',
  name: 'ReportServiceVisitOverTime',
  path: '/Report/GetReportServiceVisitOverTime',
  record: serviceVisitRecordSchema,
  search: periodReportSearchSchema,
  exportColumns: [
    { key: 'date', header: { vi: 'Ngày', en: 'Date' }, format: 'date' },
    { key: 'serviceCode', header: { vi: 'Mã dịch vụ', en: 'Service code' } },
    { key: 'serviceName', header: { vi: 'Dịch vụ', en: 'Service' }, wide: true },
    { key: 'numberOfAccesses', header: { vi: 'Số lượt truy cập', en: 'Accesses' } },
  ],
});

export const packageServiceUnitsRecordSchema = z.object({
  id: z.string(),
  packageId: z.uuid(),
  packageName: z.string(),
  serviceCode: z.string(),
  serviceName: z.string(),
  /** Units holding the pack, active and unexpired today. */
  numberOfUnits: z.number().int(),
});
export type PackageServiceUnitsRecord = z.infer<typeof packageServiceUnitsRecordSchema>;

/** The columns the count of units per pack and service sorts by (each then the other; the count, then both). */
export const PACKAGE_SERVICE_UNITS_SORT_FIELDS = ['packageName', 'serviceName', 'numberOfUnits'] as const;
export type PackageServiceUnitsSortField = (typeof PACKAGE_SERVICE_UNITS_SORT_FIELDS)[number];

/** The count of units using each pack's services. */
export const packageServiceUnitsReport = defineReport({
  code: 'Report_UnitsByPackageService',
  name: 'ReportUnitUsingPackageService',
  path: '/Report/GetReportUnitUsingPackageService',
  record: packageServiceUnitsRecordSchema,
  search: pageRequestSchema.extend({ ...reportFilters, packageId: z.uuid().optional(), sort: sortSchema(PACKAGE_SERVICE_UNITS_SORT_FIELDS) }),
  exportColumns: [
    { key: 'packageName', header: { vi: 'Gói dịch vụ', en: 'Service pack' }, wide: true },
    { key: 'serviceName', header: { vi: 'Dịch vụ', en: 'Service' }, wide: true },
    { key: 'numberOfUnits', header: { vi: 'Số doanh nghiệp sử dụng', en: 'Businesses using it' } },
  ],
});

export const serviceUnitRecordSchema = z.object({
  id: z.string(),
  unitId: z.uuid(),
  unitName: z.string(),
  serviceCode: z.string(),
  serviceName: z.string(),
  /** The packs through which the unit holds the service, comma separated. */
  packageNames: z.string(),
  /** Sign-ins into the service's app from the unit within the period. */
  numberOfAccesses: z.number().int(),
});
export type ServiceUnitRecord = z.infer<typeof serviceUnitRecordSchema>;

/** The columns the detail of units using a service sorts by (its default: the busiest first). */
export const SERVICE_UNITS_SORT_FIELDS = ['unitName', 'serviceName', 'numberOfAccesses'] as const;
export type ServiceUnitsSortField = (typeof SERVICE_UNITS_SORT_FIELDS)[number];

/** The detail of units using a service: who holds it, and how much they used it in the period. */
export const serviceUnitsReport = defineReport({
  code: 'Report_UnitsOfService',
  name: 'ReportUnitUsingServiceDetail',
  path: '/Report/GetReportUnitUsingServiceDetail',
  record: serviceUnitRecordSchema,
  search: withPeriodRules(pageRequestSchema.extend({ ...periodFields, ...reportFilters, sort: sortSchema(SERVICE_UNITS_SORT_FIELDS) })),
  exportColumns: [
    { key: 'unitName', header: { vi: 'Doanh nghiệp', en: 'Business' }, wide: true },
    { key: 'serviceName', header: { vi: 'Dịch vụ', en: 'Service' }, wide: true },
    { key: 'packageNames', header: { vi: 'Gói dịch vụ', en: 'Service pack' }, wide: true },
    { key: 'numberOfAccesses', header: { vi: 'Số lượt truy cập', en: 'Accesses' } },
  ],
});

/** The report list, in the order it shows. */
export const REPORTS: readonly ReportContract[] = [serviceVisitReport, packageServiceUnitsReport, serviceUnitsReport] as unknown as readonly ReportContract[];
