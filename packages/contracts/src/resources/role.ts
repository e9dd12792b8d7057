import { z } from 'zod';
import { LOG_OBJECT, STATUS } from '../constants.ts';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { descriptionSchema, requiredText } from '../schemas/fields.ts';
import { defineResource, standardPermissions } from './define.ts';

/** System roles: the roles platform staff hold. */
export const roleRecordSchema = z.object({
  id: z.uuid(),
  code: z.string().nullable(),
  /** platform: held by platform staff; unit: the built-in roles every unit's users hold. */
  scope: z.enum(['platform', 'unit']),
  name: z.string(),
  description: z.string().nullable(),
  status: z.number().int(),
  isBuiltIn: z.boolean(),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type RoleRecord = z.infer<typeof roleRecordSchema>;

export const roleSaveSchema = z.strictObject({
  id: z.uuid().nullish(),
  name: requiredText(100),
  description: descriptionSchema,
});
export type RoleSave = z.input<typeof roleSaveSchema>;

/** The columns a list of roles sorts by (names without case). */
export const ROLE_SORT_FIELDS = ['name', 'createdAt', 'status'] as const;
export type RoleSortField = (typeof ROLE_SORT_FIELDS)[number];

export const roleSearchSchema = pageRequestSchema.extend({
  status: z.number().int().optional(),
  /** System roles by default; the permission matrix also lists the built-in unit roles. */
  scope: z.enum(['platform', 'unit', 'all']).default('platform'),
  sort: sortSchema(ROLE_SORT_FIELDS),
});

export const roleResource = defineResource({
  name: 'Role',
  record: roleRecordSchema,
  save: roleSaveSchema,
  search: roleSearchSchema,
  paths: {
    search: '/Role/SearchRolePage',
    get: '/Role/GetById/:id',
    save: '/Role/AddUpdateRole',
    delete: '/Role/DeleteRole/:id',
    status: '/Role/UpdateStatusRole',
  },
  permissions: standardPermissions('SYSTEM_ROLEIAM'),
  statuses: [STATUS.active, STATUS.inactive],
  logObject: LOG_OBJECT.role,
  exportColumns: [
    { key: 'name', header: { vi: 'Tên vai trò', en: 'Role name' }, wide: true },
    { key: 'description', header: { vi: 'Mô tả', en: 'Description' }, wide: true },
    { key: 'userCount', header: { vi: 'Số tài khoản', en: 'Accounts' } },
    { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
    { key: 'createdAt', header: { vi: 'Ngày tạo', en: 'Created' }, format: 'date' },
  ],
});

/** The permission matrix of a role: modules × features × actions, each granted or not. */
export const assignPermissionsQuerySchema = z.strictObject({ roleId: z.uuid() });
export const permissionMatrixSchema = z.object({
  roleId: z.uuid(),
  modules: z.array(
    z.object({
      module: z.string(),
      features: z.array(
        z.object({
          feature: z.string(),
          actions: z.array(z.object({ action: z.string(), permission: z.string(), granted: z.boolean() })),
        }),
      ),
    }),
  ),
});
export type PermissionMatrix = z.infer<typeof permissionMatrixSchema>;

export const savePermissionsSchema = z.strictObject({
  roleId: z.uuid(),
  permissions: z.array(z.string().max(100)).max(1000),
});
export type SavePermissions = z.infer<typeof savePermissionsSchema>;
