import { z } from 'zod';
import { deliveryFailureSchema } from '../schemas/delivery.ts';
import { LOG_OBJECT, PACK_LEVELS, STATUS, USER_COUNT_BANDS } from '../constants.ts';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { isoDateSchema } from '../schemas/fields.ts';
import { defineResource } from './define.ts';

/**
 * The packs a unit holds (/package/package-enterprise): which pack, how many seats (from the
 * pack's band unless set), from when until when, trial or paid. Platform staff give and change
 * them; a unit's administrator sees their own (PACKAGE_UNITPACKAGE_LIST).
 */
export const unitPackageRecordSchema = z.object({
  id: z.uuid(),
  unitId: z.uuid(),
  unitName: z.string(),
  packageId: z.uuid(),
  packageName: z.string(),
  level: z.enum(PACK_LEVELS),
  userBand: z.enum(USER_COUNT_BANDS),
  serviceNames: z.array(z.string()),
  seats: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  isTrial: z.boolean(),
  /** Read-only: is it usable now (active, the pack active, not expired at the server's clock)? */
  usable: z.boolean(),
  status: z.number().int(),
  createdAt: z.string(),
});
export type UnitPackageRecord = z.infer<typeof unitPackageRecordSchema>;

const period = (value: { startsAt?: string | undefined; endsAt?: string | null | undefined }) =>
  !value.startsAt || !value.endsAt || Date.parse(value.endsAt) > Date.parse(value.startsAt);

export const unitPackageSaveSchema = z
  .strictObject({
    id: z.uuid().nullish(),
    unitId: z.uuid({ error: 'required' }),
    packageId: z.uuid({ error: 'required' }),
    /** Empty: the band's seats. */
    seats: z.number().int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(1_000_000, { error: 'invalid' }).nullish(),
    startsAt: isoDateSchema,
    /** Empty: no expiry. */
    endsAt: isoDateSchema.nullish(),
    isTrial: z.boolean().default(false),
  })
  .refine(period, { path: ['endsAt'], error: 'date_range' });
export type UnitPackageSave = z.input<typeof unitPackageSaveSchema>;

export const UNIT_PACKAGE_SORT_FIELDS = ['unitName', 'packageName', 'startsAt', 'endsAt', 'status'] as const;
export type UnitPackageSortField = (typeof UNIT_PACKAGE_SORT_FIELDS)[number];

export const unitPackageSearchSchema = pageRequestSchema.extend({
  status: z.number().int().optional(),
  unitId: z.uuid().optional(),
  isTrial: z.boolean().optional(),
  sort: sortSchema(UNIT_PACKAGE_SORT_FIELDS),
});

export const unitPackageResource = defineResource({
  name: 'PackageServiceChannel',
  record: unitPackageRecordSchema,
  save: unitPackageSaveSchema,
  search: unitPackageSearchSchema,
  paths: {
    search: '/PackageServiceChannel/Search',
    get: '/PackageServiceChannel/GetById/:id',
    save: '/PackageServiceChannel/Update',
    delete: '/PackageServiceChannel/Delete/:id',
    status: '/PackageServiceChannel/UpdateStatus',
  },
  // A unit's administrator reads; only platform staff who manage units give or change a pack.
  permissions: {
    search: 'PACKAGE_UNITPACKAGE_LIST',
    get: 'PACKAGE_UNITPACKAGE_LIST',
    create: 'UNIT_ENTERPRISE_EDIT',
    update: 'UNIT_ENTERPRISE_EDIT',
    delete: 'UNIT_ENTERPRISE_EDIT',
    status: 'UNIT_ENTERPRISE_EDIT',
  },
  statuses: [STATUS.active, STATUS.inactive],
  logObject: LOG_OBJECT.unitServicePackage,
  exportColumns: [
    { key: 'unitName', header: { vi: 'Doanh nghiệp', en: 'Business' }, wide: true },
    { key: 'packageName', header: { vi: 'Gói dịch vụ', en: 'Service pack' }, wide: true },
    { key: 'seats', header: { vi: 'Số người dùng', en: 'Seats' } },
    { key: 'startsAt', header: { vi: 'Ngày bắt đầu', en: 'Start' }, format: 'date' },
    { key: 'endsAt', header: { vi: 'Ngày hết hạn', en: 'Expiry' }, format: 'date' },
    { key: 'isTrial', header: { vi: 'Dùng thử', en: 'Trial' }, format: 'boolean' },
    { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
  ],
});
export type UnitPackageResource = typeof unitPackageResource;

/**
 * What a push into the apps answers (PackageServiceChannel/SyncBaseApp, TemplateClone/SyncBaseApp):
 * failures name the service and the app's reason; a delivery still on its way is retried like
 * every provisioning change.
 */
export const appPushResultSchema = z.object({
  queued: z.number().int(),
  delivered: z.number().int(),
  failures: z.array(z.object({ serviceName: z.string(), error: deliveryFailureSchema })),
});
export type AppPushResult = z.infer<typeof appPushResultSchema>;
