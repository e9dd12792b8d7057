import { z } from 'zod';
import { LOG_OBJECT, USER_STATUS } from '../constants.ts';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { newAccountChecks } from '../schemas/password.ts';
import { defineResource, standardPermissions } from './define.ts';
import { ACCOUNT_EXPORT_COLUMNS, ACCOUNT_SORT_FIELDS, accountRecordFields, accountSaveFields } from './user.ts';

/** Platform staff: accounts of the portal itself, holding system roles. */
export const adminAccountRecordSchema = z.object({
  ...accountRecordFields,
  roleIds: z.array(z.uuid()),
  roleNames: z.array(z.string()),
  allowExport: z.boolean(),
  isAdminIAM: z.boolean(),
});
export type AdminAccountRecord = z.infer<typeof adminAccountRecordSchema>;

export const adminAccountSaveSchema = z
  .strictObject({
    ...accountSaveFields,
    roleIds: z.array(z.uuid()).min(1).max(50),
    /** Data export is a per-account option. Left out when editing, it and the status keep their value. */
    allowExport: z.boolean().optional(),
    status: z.union([z.literal(USER_STATUS.active), z.literal(USER_STATUS.lock)]).optional(),
  })
  .superRefine(newAccountChecks);
export type AdminAccountSave = z.input<typeof adminAccountSaveSchema>;

export const adminAccountSearchSchema = pageRequestSchema.extend({
  status: z.number().int().optional(),
  roleId: z.uuid().optional(),
  sort: sortSchema(ACCOUNT_SORT_FIELDS),
});

export const adminAccountResource = defineResource({
  name: 'AdminAccount',
  record: adminAccountRecordSchema,
  save: adminAccountSaveSchema,
  search: adminAccountSearchSchema,
  paths: {
    search: '/User/SearchUserWebPortal',
    get: '/User/GetUserWebPortalById/:id',
    save: '/User/AddUpdateUserWebPortal',
    delete: '/User/DeleteUserWebPortal/:id',
    status: '/User/UpdateStatusUserWebPortal',
  },
  permissions: standardPermissions('SYSTEM_ADMINACCOUNT'),
  statuses: [USER_STATUS.active, USER_STATUS.lock],
  logObject: LOG_OBJECT.user,
  exportColumns: [
    ...ACCOUNT_EXPORT_COLUMNS,
    { key: 'roleNames', header: { vi: 'Vai trò', en: 'Roles' }, wide: true },
    { key: 'allowExport', header: { vi: 'Được xuất dữ liệu', en: 'Data export' }, format: 'boolean' },
    { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
  ],
});
