import { z } from 'zod';
import { LOG_OBJECT, STATUS, USER_COUNT_BANDS } from '../constants.ts';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { emailSchema, isoDateSchema, optionalText, requiredText, textSchema, usernameSchema } from '../schemas/fields.ts';
import { BUSINESS_CODE_RULE } from '../schemas/text-rules.ts';
import { passwordSchema } from '../schemas/password.ts';
import { defineResource, standardPermissions } from './define.ts';

export const unitRecordSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  businessCode: z.string().nullable(),
  numberOfEmployees: z.string().nullable(),
  shortName: z.string().nullable(),
  address: z.string().nullable(),
  tenantId: z.string(),
  status: z.number().int(),
  isTrial: z.boolean(),
  expiryDate: z.string().nullable(),
  registrationDate: z.string(),
  adminUserId: z.uuid().nullable(),
  adminUsername: z.string().nullable(),
  adminEmail: z.string().nullable(),
  userCount: z.number().int(),
  /** The agency that brought the unit, if one did. */
  agencyId: z.uuid().nullable(),
  agencyName: z.string().nullable(),
});
export type UnitRecord = z.infer<typeof unitRecordSchema>;

const unitFields = {
  name: requiredText(255),
  businessCode: textSchema(BUSINESS_CODE_RULE),
  numberOfEmployees: z.enum(USER_COUNT_BANDS),
  shortName: optionalText(50),
  address: optionalText(255),
  isTrial: z.boolean().default(false),
  expiryDate: isoDateSchema.nullish().transform((value) => value ?? null),
  /** The agency the unit is attributed to; left out when editing, it stays as it is. */
  agencyId: z.uuid().nullish(),
};

export const unitUpdateSchema = z.strictObject({ id: z.uuid(), ...unitFields });
export type UnitUpdate = z.input<typeof unitUpdateSchema>;

/** Creating a unit also creates its administrator (ADMINENTERPRISE). */
export const unitCreateSchema = z.strictObject({
  ...unitFields,
  tenantId: optionalText(40),
  adminUsername: usernameSchema,
  adminEmail: emailSchema,
  /** Left empty, a password is generated and sent to the administrator by e-mail. */
  adminPassword: passwordSchema.nullish(),
});
export type UnitCreate = z.input<typeof unitCreateSchema>;

/** The columns a list of units can be sorted by (units and an agency's units alike). */
export const UNIT_SORT_FIELDS = ['name', 'businessCode', 'registrationDate', 'expiryDate', 'status'] as const;
export type UnitSortField = (typeof UNIT_SORT_FIELDS)[number];

export const unitSearchSchema = pageRequestSchema.extend({
  status: z.number().int().optional(),
  isTrial: z.boolean().optional(),
  agencyId: z.uuid().optional(),
  sort: sortSchema(UNIT_SORT_FIELDS),
});
export type UnitSearch = z.input<typeof unitSearchSchema>;

export const unitResource = defineResource({
  name: 'Unit',
  record: unitRecordSchema,
  save: unitUpdateSchema,
  create: unitCreateSchema,
  search: unitSearchSchema,
  paths: {
    search: '/Unit/Search',
    get: '/Unit/GetById/:id',
    create: '/Unit/Create',
    update: '/Unit/Update',
    delete: '/Unit/Delete/:id',
    status: '/Unit/UpdateStatus',
  },
  permissions: standardPermissions('UNIT_ENTERPRISE'),
  statuses: [STATUS.active, STATUS.inactive],
  logObject: LOG_OBJECT.unit,
  exportColumns: [
    { key: 'name', header: { vi: 'Tên doanh nghiệp', en: 'Business name' }, wide: true },
    { key: 'businessCode', header: { vi: 'Mã số doanh nghiệp', en: 'Business registration code' } },
    { key: 'numberOfEmployees', header: { vi: 'Số nhân viên', en: 'Number of employees' } },
    { key: 'shortName', header: { vi: 'Tên viết tắt', en: 'Short name' } },
    { key: 'tenantId', header: { vi: 'Tenant ID', en: 'Tenant ID' } },
    { key: 'adminUsername', header: { vi: 'Quản trị doanh nghiệp', en: 'Business admin' } },
    { key: 'address', header: { vi: 'Địa chỉ', en: 'Address' }, wide: true },
    { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
    { key: 'expiryDate', header: { vi: 'Ngày hết hạn', en: 'Expiry date' }, format: 'date' },
    { key: 'registrationDate', header: { vi: 'Ngày đăng ký', en: 'Registration date' }, format: 'date' },
  ],
});

export const sendMailElearningSchema = z.strictObject({ id: z.uuid() });
