import { z } from 'zod';
import { LIMITS, LOG_OBJECT, USER_STATUS } from '../constants.ts';
import { PAGE_SIZE_MAX, pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { descriptionSchema, emailSchema, optionalMobileSchema, lastNameSchema, optionalText, personNameSchema, usernameSchema } from '../schemas/fields.ts';
import { newAccountChecks, passwordSchema } from '../schemas/password.ts';
import { defineResource, standardPermissions, type ExportColumn } from './define.ts';

/** How a user's call-centre extension is provisioned. */
export const EXTENSION_OPTIONS = { none: 0, autoGenerate: 1, existing: 2 } as const;

/** What every account record shows (the server's accountSummary): who it is and its state, never a secret. */
export const accountRecordFields = {
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  mobile: z.string().nullable(),
  status: z.number().int(),
  isLocked: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
};

/** The person part of adding (no id) or editing an account: login and password count only when adding. */
export const accountSaveFields = {
  id: z.uuid().nullish(),
  username: usernameSchema.optional(),
  password: passwordSchema.nullish(),
  confirmPassword: z.string().max(LIMITS.passwordMax).nullish(),
  email: emailSchema,
  firstName: personNameSchema,
  lastName: personNameSchema,
  mobile: optionalMobileSchema,
};

/** A unit's user as the user screens show them (never a password or a secret). */
export const unitUserRecordSchema = z.object({
  ...accountRecordFields,
  unitId: z.uuid(),
  unitName: z.string(),
  description: z.string().nullable(),
  positionCode: z.string().nullable(),
  departmentCode: z.string().nullable(),
  reportToId: z.uuid().nullable(),
  reportToName: z.string().nullable(),
  groupCode: z.string().nullable(),
  extensionOption: z.number().int(),
  extensionNumber: z.string().nullable(),
  isAdmin: z.boolean(),
  /** Second factors, for the unit administrator's reset: the passkeys registered, a confirmed authenticator app. */
  passkeyCount: z.number().int(),
  hasApp: z.boolean(),
  /** The data-export option (platform staff give it to a unit's administrator). */
  allowExport: z.boolean(),
});
export type UnitUserRecord = z.infer<typeof unitUserRecordSchema>;

const editable = {
  email: emailSchema,
  firstName: personNameSchema,
  lastName: lastNameSchema,
  mobile: optionalMobileSchema,
  description: descriptionSchema,
  positionCode: optionalText(50),
  departmentCode: optionalText(50),
  reportToId: z.uuid().nullish().transform((value) => value ?? null),
  groupCode: optionalText(50),
  // Left out when editing, these keep their value; when adding, they default (none, user, Active).
  extensionOption: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  extensionNumber: optionalText(20),
  cucmPassword: optionalText(100),
  isAdmin: z.boolean().optional(),
  status: z.union([z.literal(USER_STATUS.active), z.literal(USER_STATUS.lock)]).optional(),
};

/**
 * Add (no id) or edit a unit's user. Platform staff name the unit; a unit administrator's
 * users always go to their own unit, whatever `unitId` says.
 */
export const unitUserSaveSchema = z
  .strictObject({
    id: z.uuid().nullish(),
    unitId: z.uuid().nullish(),
    username: usernameSchema.optional(),
    password: passwordSchema.nullish(),
    confirmPassword: z.string().max(LIMITS.passwordMax).nullish(),
    ...editable,
  })
  .superRefine(newAccountChecks);
export type UnitUserSave = z.input<typeof unitUserSaveSchema>;

/**
 * The columns every list of accounts (a unit's users, platform staff, an agency's users) can be
 * sorted by; a unit's users (the lists that grow to millions) are read in these orders from indexes.
 */
export const ACCOUNT_SORT_FIELDS = ['username', 'fullName', 'email', 'createdAt', 'status'] as const;
export type AccountSortField = (typeof ACCOUNT_SORT_FIELDS)[number];

export const unitUserSearchSchema = pageRequestSchema.extend({
  unitId: z.uuid().optional(),
  status: z.number().int().optional(),
  /** true: unit administrators only (the unit-admin screen); false: everyone else. */
  isAdmin: z.boolean().optional(),
  sort: sortSchema(ACCOUNT_SORT_FIELDS),
});

/** Export columns every account list starts with. */
export const ACCOUNT_EXPORT_COLUMNS = [
  { key: 'username', header: { vi: 'Tài khoản', en: 'Account' } },
  { key: 'fullName', header: { vi: 'Họ và tên', en: 'Full name' }, wide: true },
  { key: 'email', header: { vi: 'Email', en: 'Email' }, wide: true },
  { key: 'mobile', header: { vi: 'Số điện thoại', en: 'Phone' } },
] as const satisfies readonly ExportColumn[];

export const unitUserResource = defineResource({
  name: 'UnitUser',
  record: unitUserRecordSchema,
  save: unitUserSaveSchema,
  search: unitUserSearchSchema,
  paths: {
    search: '/User/SearchUserAdminUnitPage',
    get: '/User/GetById/:id',
    save: '/User/AddUpdateUser',
    delete: '/User/DeleteUser/:id',
    status: '/User/UpdateStatusUser',
  },
  permissions: standardPermissions('USER_USERUNIT'),
  statuses: [USER_STATUS.active, USER_STATUS.lock],
  logObject: LOG_OBJECT.userByUnit,
  exportColumns: [
    ...ACCOUNT_EXPORT_COLUMNS,
    { key: 'unitName', header: { vi: 'Doanh nghiệp', en: 'Business' }, wide: true },
    { key: 'isAdmin', header: { vi: 'Quản trị', en: 'IsAdmin' }, format: 'boolean' },
    { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
    { key: 'createdAt', header: { vi: 'Ngày tạo', en: 'Created' }, format: 'date' },
  ],
});

/** The unit-admin screen edits an administrator's own details only. */
export const unitAdminUpdateSchema = z.strictObject({
  id: z.uuid(),
  email: emailSchema,
  firstName: personNameSchema,
  lastName: lastNameSchema,
  mobile: optionalMobileSchema,
  description: descriptionSchema,
  /** The data-export option: the administrator then exports their own unit's lists. Left out, it keeps its value. */
  allowExport: z.boolean().optional(),
});
export type UnitAdminUpdate = z.input<typeof unitAdminUpdateSchema>;

/**
 * The unit-admin screen (/user/user-manage): unit administrators found with the unit users'
 * search, edited with their own call. The server writes that call by hand.
 */
export const unitAdminResource = defineResource({
  name: 'UnitAdmin',
  record: unitUserRecordSchema,
  save: unitAdminUpdateSchema,
  search: unitUserSearchSchema,
  paths: { search: '/User/SearchUserAdminUnitPage', get: '/User/GetById/:id', update: '/User/UpdateUserAdminUnit' },
  permissions: { search: 'USER_USERUNIT_LIST', get: 'USER_USERUNIT_VIEW', update: 'USER_ADMINUNIT_EDIT' },
  statuses: [],
  logObject: LOG_OBJECT.userByUnit,
  exportColumns: unitUserResource.exportColumns,
});

export const userIdSchema = z.strictObject({ id: z.uuid() });

/**
 * Whom a unit's user can report to, as a select asks (a query string: numbers come as text):
 * the unit's users matching a keyword, a page at a time, or those of `ids` (comma-separated),
 * to name the chosen one when its page is not loaded.
 */
export const reportToQuerySchema = z.strictObject({
  unitId: z.uuid().optional(),
  keyword: pageRequestSchema.shape.keyword,
  pageIndex: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
  ids: z
    .string()
    .max(20_000)
    .transform((text) => text.split(','))
    .pipe(z.array(z.uuid()).max(PAGE_SIZE_MAX))
    .optional(),
});
export const reportToOptionSchema = z.object({ id: z.uuid(), fullName: z.string(), username: z.string() });
