import { z } from 'zod';
import { LOG_OBJECT, STATUS, USER_STATUS } from '../constants.ts';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { descriptionSchema, requiredText } from '../schemas/fields.ts';
import { newAccountChecks } from '../schemas/password.ts';
import { defineResource, standardPermissions } from './define.ts';
import { ACCOUNT_EXPORT_COLUMNS, ACCOUNT_SORT_FIELDS, accountRecordFields, accountSaveFields } from './user.ts';

/** An agency's roles: permissions from the catalogue's agency-level entries, granted to its users. */
export const agencyRoleRecordSchema = z.object({
  id: z.uuid(),
  agencyId: z.uuid(),
  agencyName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.number().int(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type AgencyRoleRecord = z.infer<typeof agencyRoleRecordSchema>;

/** Add (no id) or edit. Platform staff name the agency; an agency's agent always works in their own. */
export const agencyRoleSaveSchema = z.strictObject({
  id: z.uuid().nullish(),
  agencyId: z.uuid().nullish(),
  name: requiredText(100),
  description: descriptionSchema,
});
export type AgencyRoleSave = z.input<typeof agencyRoleSaveSchema>;

/** The columns an agency's roles sort by. */
export const AGENCY_ROLE_SORT_FIELDS = ['name', 'createdAt', 'status'] as const;
export type AgencyRoleSortField = (typeof AGENCY_ROLE_SORT_FIELDS)[number];

export const agencyRoleSearchSchema = pageRequestSchema.extend({
  agencyId: z.uuid().optional(),
  status: z.number().int().optional(),
  sort: sortSchema(AGENCY_ROLE_SORT_FIELDS),
});

export const agencyRoleResource = defineResource({
  name: 'AgencyRole',
  record: agencyRoleRecordSchema,
  save: agencyRoleSaveSchema,
  search: agencyRoleSearchSchema,
  paths: {
    search: '/Agency/SearchAgencyRole',
    get: '/Agency/GetAgencyRoleById/:id',
    save: '/Agency/AddUpdateAgencyRole',
    delete: '/Agency/DeleteAgencyRole/:id',
    status: '/Agency/UpdateStatusAgencyRole',
  },
  permissions: standardPermissions('AGENCY_ROLE'),
  statuses: [STATUS.active, STATUS.inactive],
  logObject: LOG_OBJECT.agencyRole,
  exportColumns: [
    { key: 'name', header: { vi: 'Tên vai trò', en: 'Role name' }, wide: true },
    { key: 'agencyName', header: { vi: 'Đại lý', en: 'Agency' }, wide: true },
    { key: 'description', header: { vi: 'Mô tả', en: 'Description' }, wide: true },
    { key: 'userCount', header: { vi: 'Số tài khoản', en: 'Accounts' } },
    { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
  ],
});

/**
 * An agency's accounts: the agent (the reseller's principal, who manages the agency's roles and
 * users) and agent users (who register trial units for customers).
 */
export const agencyUserRecordSchema = z.object({
  ...accountRecordFields,
  agencyId: z.uuid(),
  agencyName: z.string(),
  isAgent: z.boolean(),
  roleIds: z.array(z.uuid()),
  roleNames: z.array(z.string()),
  /** The data-export option: the account then exports its own agency's lists. */
  allowExport: z.boolean(),
});
export type AgencyUserRecord = z.infer<typeof agencyUserRecordSchema>;

export const agencyUserSaveSchema = z
  .strictObject({
    ...accountSaveFields,
    agencyId: z.uuid().nullish(),
    /** The agency's own roles only. */
    roleIds: z.array(z.uuid()).min(1).max(50),
    // Left out when editing, these keep their value; when adding they default (agent user, Active).
    isAgent: z.boolean().optional(),
    /** Given by platform staff only (an agency's own accounts keep it as it is); left out, it keeps its value. */
    allowExport: z.boolean().optional(),
    status: z.union([z.literal(USER_STATUS.active), z.literal(USER_STATUS.lock)]).optional(),
  })
  .superRefine(newAccountChecks);
export type AgencyUserSave = z.input<typeof agencyUserSaveSchema>;

export const agencyUserSearchSchema = pageRequestSchema.extend({
  agencyId: z.uuid().optional(),
  status: z.number().int().optional(),
  isAgent: z.boolean().optional(),
  sort: sortSchema(ACCOUNT_SORT_FIELDS),
});

export const agencyUserResource = defineResource({
  name: 'AgencyUser',
  record: agencyUserRecordSchema,
  save: agencyUserSaveSchema,
  search: agencyUserSearchSchema,
  paths: {
    search: '/Agency/SearchAgencyUser',
    get: '/Agency/GetAgencyUserById/:id',
    save: '/Agency/AddUpdateAgencyUser',
    delete: '/Agency/DeleteAgencyUser/:id',
    status: '/Agency/UpdateStatusAgencyUser',
  },
  permissions: standardPermissions('AGENCY_USER'),
  statuses: [USER_STATUS.active, USER_STATUS.lock],
  logObject: LOG_OBJECT.agencyUser,
  exportColumns: [
    ...ACCOUNT_EXPORT_COLUMNS,
    { key: 'agencyName', header: { vi: 'Đại lý', en: 'Agency' }, wide: true },
    { key: 'isAgent', header: { vi: 'Đại lý chính', en: 'Agent' }, format: 'boolean' },
    { key: 'roleNames', header: { vi: 'Vai trò', en: 'Roles' }, wide: true },
    { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
  ],
});
