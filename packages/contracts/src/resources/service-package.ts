import { z } from 'zod';
import { LOG_OBJECT, PACK_LEVELS, STATUS, USER_COUNT_BANDS, type UserCountBand } from '../constants.ts';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { optionalText, requiredText } from '../schemas/fields.ts';
import { defineResource, standardPermissions } from './define.ts';

/** The users a pack of a band is priced for, and the seats it gives a unit: the band's top. */
export const BAND_SEATS: Readonly<Record<UserCountBand, number>> = { '1': 1, '2-20': 20, '21-100': 100, '101-500': 500, '501-1000': 1000 };

/**
 * What a pack costs a month: price per user per month × the band's users, less the discount,
 * rounded to the currency unit. The server answers it; the screen shows the same as it is typed.
 */
export function paymentAmount(pricePerUserMonth: number, discountPercent: number, userBand: UserCountBand): number {
  return Math.round(pricePerUserMonth * BAND_SEATS[userBand] * (1 - discountPercent / 100));
}

/** Service packs offered to units (/package/package-manage; section 3's "service pack"). */
export const servicePackageRecordSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  level: z.enum(PACK_LEVELS),
  userBand: z.enum(USER_COUNT_BANDS),
  serviceIds: z.array(z.uuid()),
  /** Read-only: the names of the services, joined in. */
  serviceNames: z.array(z.string()),
  pricePerUserMonth: z.number(),
  discountPercent: z.number(),
  /** Read-only: computed by the server (paymentAmount). */
  paymentAmount: z.number(),
  moneyType: z.string(),
  highlightFeatures: z.string().nullable(),
  trialDays: z.number().int().nullable(),
  /** Months of validity; null: unlimited. */
  expiryMonths: z.number().int().nullable(),
  /** Read-only: units holding the pack (asked about before a delete). */
  unitsUsing: z.number().int(),
  status: z.number().int(),
  createdAt: z.string(),
});
export type ServicePackageRecord = z.infer<typeof servicePackageRecordSchema>;

export const servicePackageSaveSchema = z.strictObject({
  id: z.uuid().nullish(),
  name: requiredText(255),
  level: z.enum(PACK_LEVELS, { error: 'required' }),
  userBand: z.enum(USER_COUNT_BANDS, { error: 'required' }),
  serviceIds: z.array(z.uuid()).min(1, { error: 'required' }).max(100, { error: 'too_long' }),
  pricePerUserMonth: z.number({ error: 'required' }).min(0, { error: 'invalid' }).max(1_000_000_000, { error: 'invalid' }),
  discountPercent: z.number().min(0, { error: 'invalid' }).max(100, { error: 'invalid' }).default(0),
  highlightFeatures: optionalText(4000),
  trialDays: z.number().int({ error: 'invalid' }).min(0, { error: 'invalid' }).max(3650, { error: 'invalid' }).nullable().default(null),
  expiryMonths: z.number().int({ error: 'invalid' }).min(1, { error: 'invalid' }).max(1200, { error: 'invalid' }).nullable().default(null),
});
export type ServicePackageSave = z.input<typeof servicePackageSaveSchema>;

export const SERVICE_PACKAGE_SORT_FIELDS = ['name', 'expiryMonths', 'createdAt', 'status'] as const;
export type ServicePackageSortField = (typeof SERVICE_PACKAGE_SORT_FIELDS)[number];

export const servicePackageSearchSchema = pageRequestSchema.extend({
  status: z.number().int().optional(),
  level: z.enum(PACK_LEVELS).optional(),
  sort: sortSchema(SERVICE_PACKAGE_SORT_FIELDS),
});

export const servicePackageResource = defineResource({
  name: 'ChannelPackage',
  record: servicePackageRecordSchema,
  save: servicePackageSaveSchema,
  search: servicePackageSearchSchema,
  paths: {
    search: '/ChannelPackage/Search',
    get: '/ChannelPackage/GetById/:id',
    save: '/ChannelPackage/Save',
    delete: '/ChannelPackage/Delete/:id',
    status: '/ChannelPackage/UpdateStatusChannel',
  },
  permissions: standardPermissions('PACKAGE_SERVICEPACKAGE'),
  statuses: [STATUS.active, STATUS.inactive],
  logObject: LOG_OBJECT.servicePackage,
  exportColumns: [
    { key: 'name', header: { vi: 'Tên gói dịch vụ', en: 'Service pack' }, wide: true },
    { key: 'level', header: { vi: 'Cấp độ', en: 'Level' } },
    { key: 'userBand', header: { vi: 'Số người dùng', en: 'Users' } },
    { key: 'pricePerUserMonth', header: { vi: 'Giá/người dùng/tháng', en: 'Price per user per month' } },
    { key: 'discountPercent', header: { vi: 'Chiết khấu (%)', en: 'Discount (%)' } },
    { key: 'paymentAmount', header: { vi: 'Số tiền thanh toán', en: 'Payment amount' } },
    { key: 'expiryMonths', header: { vi: 'Thời hạn (tháng)', en: 'Expiry (months)' } },
    { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
  ],
});
export type ServicePackageResource = typeof servicePackageResource;
