import { z } from 'zod';
import { LOG_OBJECT, STATUS, USER_COUNT_BANDS } from '../constants.ts';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { emailSchema, isoDateSchema, optionalMobileSchema, optionalText, requiredText, textSchema, usernameSchema } from '../schemas/fields.ts';
import { BUSINESS_CODE_RULE } from '../schemas/text-rules.ts';
import { passwordSchema } from '../schemas/password.ts';
import { defineResource, standardPermissions } from './define.ts';
import { UNIT_SORT_FIELDS, unitRecordSchema } from './unit.ts';

/**
 * How a reseller is paid for the units it brings (see docs/decisions.md, "Agencies"):
 * a percentage of what the unit pays for its packs, either once on its first paid pack or
 * on every payment while the contract runs.
 */
export const COMMISSION_BASES = ['FIRST_PAYMENT', 'RECURRING'] as const;
export type CommissionBasis = (typeof COMMISSION_BASES)[number];

export const agencyRecordSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  address: z.string().nullable(),
  taxCode: z.string().nullable(),
  status: z.number().int(),
  commissionPercent: z.number(),
  commissionBasis: z.enum(COMMISSION_BASES),
  contractStartDate: z.string().nullable(),
  contractEndDate: z.string().nullable(),
  /** Units the agency brought, and how many of them are still on trial. */
  unitCount: z.number().int(),
  trialUnitCount: z.number().int(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type AgencyRecord = z.infer<typeof agencyRecordSchema>;

const nullableDate = isoDateSchema.nullish().transform((value) => value ?? null);

const agencyFields = {
  name: requiredText(255),
  code: requiredText(20).regex(/^[A-Za-z0-9_-]+$/, { error: 'invalid' }),
  contactName: optionalText(100),
  contactEmail: emailSchema.nullish().transform((value) => value || null),
  contactPhone: optionalMobileSchema,
  address: optionalText(255),
  taxCode: optionalText(20),
  /** Percent, 0–100; kept to two decimals. */
  commissionPercent: z.number().min(0).max(100),
  commissionBasis: z.enum(COMMISSION_BASES),
  contractStartDate: nullableDate,
  contractEndDate: nullableDate,
};

const contractPeriod = (value: { contractStartDate: string | null; contractEndDate: string | null }) =>
  !value.contractStartDate || !value.contractEndDate || value.contractStartDate <= value.contractEndDate;
const periodRule = { path: ['contractEndDate'], error: 'date_range' };

export const agencyCreateSchema = z.strictObject(agencyFields).refine(contractPeriod, periodRule);
export const agencyUpdateSchema = z.strictObject({ id: z.uuid(), ...agencyFields }).refine(contractPeriod, periodRule);
export type AgencyCreate = z.input<typeof agencyCreateSchema>;
export type AgencyUpdate = z.input<typeof agencyUpdateSchema>;

export const AGENCY_SORT_FIELDS = ['name', 'code', 'createdAt', 'contractStartDate', 'contractEndDate', 'status'] as const;
export type AgencySortField = (typeof AGENCY_SORT_FIELDS)[number];
export const agencySearchSchema = pageRequestSchema.extend({ status: z.number().int().optional(), sort: sortSchema(AGENCY_SORT_FIELDS) });

export const agencyResource = defineResource({
  name: 'Agency',
  record: agencyRecordSchema,
  save: agencyUpdateSchema,
  create: agencyCreateSchema,
  search: agencySearchSchema,
  paths: {
    search: '/Agency/Search',
    get: '/Agency/GetById/:id',
    create: '/Agency/Create',
    update: '/Agency/Update',
    delete: '/Agency/Delete/:id',
    status: '/Agency/UpdateStatus',
  },
  permissions: standardPermissions('AGENCY_AGENCY'),
  statuses: [STATUS.active, STATUS.inactive],
  logObject: LOG_OBJECT.agency,
  exportColumns: [
    { key: 'name', header: { vi: 'Tên đại lý', en: 'Agency name' }, wide: true },
    { key: 'code', header: { vi: 'Mã đại lý', en: 'Agency code' } },
    { key: 'taxCode', header: { vi: 'Mã số thuế', en: 'Tax code' } },
    { key: 'contactName', header: { vi: 'Người liên hệ', en: 'Contact' } },
    { key: 'contactEmail', header: { vi: 'Email liên hệ', en: 'Contact e-mail' }, wide: true },
    { key: 'contactPhone', header: { vi: 'Điện thoại liên hệ', en: 'Contact phone' } },
    { key: 'address', header: { vi: 'Địa chỉ', en: 'Address' }, wide: true },
    { key: 'commissionPercent', header: { vi: 'Hoa hồng (%)', en: 'Commission (%)' } },
    { key: 'commissionBasis', header: { vi: 'Cách tính hoa hồng', en: 'Commission basis' } },
    { key: 'contractEndDate', header: { vi: 'Hết hạn hợp đồng', en: 'Contract ends' }, format: 'date' },
    { key: 'unitCount', header: { vi: 'Số doanh nghiệp', en: 'Businesses' } },
    { key: 'trialUnitCount', header: { vi: 'Doanh nghiệp dùng thử', en: 'Trial businesses' } },
    { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
  ],
});

/**
 * A unit as the agency screens show it: the unit, who brought it, the packs it holds and its
 * upgrade requests still open (new or contacted) — what a reseller follows up, read-only.
 */
export const agencyUnitRecordSchema = unitRecordSchema.extend({
  packNames: z.array(z.string()),
  openUpgradeRequests: z.number().int(),
});
export type AgencyUnitRecord = z.infer<typeof agencyUnitRecordSchema>;

/**
 * A trial unit registered by an agency for a customer: it belongs to the agency. Platform staff
 * name the agency; an agency's user always registers for their own agency.
 */
export const agencyTrialUnitSchema = z.strictObject({
  agencyId: z.uuid().nullish(),
  name: requiredText(255),
  businessCode: textSchema(BUSINESS_CODE_RULE),
  numberOfEmployees: z.enum(USER_COUNT_BANDS),
  shortName: optionalText(50),
  address: optionalText(255),
  adminUsername: usernameSchema,
  adminEmail: emailSchema,
  /** Left empty, a password is generated and sent to the customer's administrator by e-mail. */
  adminPassword: passwordSchema.nullish(),
});
export type AgencyTrialUnit = z.input<typeof agencyTrialUnitSchema>;

/** What an agency corrects in a trial unit it registered: the customer's details, not its administrator. */
export const agencyTrialUnitUpdateSchema = z.strictObject({
  id: z.uuid(),
  name: requiredText(255),
  businessCode: textSchema(BUSINESS_CODE_RULE),
  numberOfEmployees: z.enum(USER_COUNT_BANDS),
  shortName: optionalText(50),
  address: optionalText(255),
});
export type AgencyTrialUnitUpdate = z.input<typeof agencyTrialUnitUpdateSchema>;

export const agencyUnitSearchSchema = pageRequestSchema.extend({
  agencyId: z.uuid().optional(),
  status: z.number().int().optional(),
  isTrial: z.boolean().optional(),
  sort: sortSchema(UNIT_SORT_FIELDS),
});

export const agencyUnitResource = defineResource({
  name: 'AgencyUnit',
  record: agencyUnitRecordSchema,
  save: agencyTrialUnitUpdateSchema,
  create: agencyTrialUnitSchema,
  search: agencyUnitSearchSchema,
  paths: { search: '/Agency/SearchUnit', get: '/Agency/GetUnitById/:id', create: '/Agency/RegisterTrialUnit', update: '/Agency/UpdateTrialUnit' },
  permissions: { search: 'AGENCY_UNIT_LIST', get: 'AGENCY_UNIT_VIEW', create: 'AGENCY_UNIT_ADD', update: 'AGENCY_UNIT_EDIT' },
  statuses: [],
  logObject: LOG_OBJECT.unit,
  exportColumns: [
    { key: 'name', header: { vi: 'Tên doanh nghiệp', en: 'Business name' }, wide: true },
    { key: 'businessCode', header: { vi: 'Mã số doanh nghiệp', en: 'Business registration code' } },
    { key: 'agencyName', header: { vi: 'Đại lý', en: 'Agency' }, wide: true },
    { key: 'adminUsername', header: { vi: 'Quản trị doanh nghiệp', en: 'Business admin' } },
    { key: 'isTrial', header: { vi: 'Dùng thử', en: 'Trial' }, format: 'boolean' },
    { key: 'expiryDate', header: { vi: 'Ngày hết hạn', en: 'Expiry date' }, format: 'date' },
    { key: 'registrationDate', header: { vi: 'Ngày đăng ký', en: 'Registration date' }, format: 'date' },
    { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
  ],
});
