import { z } from 'zod';
import { LOG_OBJECT, STATUS } from '../constants.ts';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { descriptionSchema, requiredText, unitServiceRecordFields } from '../schemas/fields.ts';
import { defineResource, standardPermissions, type ResourceContract } from './define.ts';

/**
 * What a unit defines inside one service's app (sections 2, 3 and 7): roles, profiles and
 * user groups. The three share one shape and one set of calls; each has its own paths,
 * permissions and screen. The app learns them by SCIM (docs/service-app-contract.md).
 */
export const APP_OBJECT_KINDS = ['role', 'profile', 'group'] as const;
export type AppObjectKind = (typeof APP_OBJECT_KINDS)[number];

/** Codes travel to the service apps (SCIM values, group names): letters, digits, `_ . -`. */
export const appObjectCodeSchema = requiredText(50).regex(/^[A-Za-z0-9_.-]+$/, { error: 'invalid' });

export const appObjectRecordSchema = z.object({
  id: z.uuid(),
  ...unitServiceRecordFields,
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.number().int(),
  createdAt: z.string(),
});
export type AppObjectRecord = z.infer<typeof appObjectRecordSchema>;

export const appObjectSaveSchema = z.strictObject({
  id: z.uuid().nullish(),
  /** Platform staff name the unit; a unit's administrator always writes to their own. */
  unitId: z.uuid().nullish(),
  serviceId: z.uuid(),
  code: appObjectCodeSchema,
  name: requiredText(100),
  description: descriptionSchema,
});
export type AppObjectSave = z.input<typeof appObjectSaveSchema>;

/** The columns a service app's roles, profiles and groups sort by (within a business: its own index). */
export const APP_OBJECT_SORT_FIELDS = ['code', 'name'] as const;
export type AppObjectSortField = (typeof APP_OBJECT_SORT_FIELDS)[number];

export const appObjectSearchSchema = pageRequestSchema.extend({
  unitId: z.uuid().optional(),
  serviceId: z.uuid().optional(),
  status: z.number().int().optional(),
  sort: sortSchema(APP_OBJECT_SORT_FIELDS),
});

const exportColumns = [
  { key: 'code', header: { vi: 'Mã', en: 'Code' } },
  { key: 'name', header: { vi: 'Tên', en: 'Name' }, wide: true },
  { key: 'serviceName', header: { vi: 'Dịch vụ', en: 'Service' } },
  { key: 'unitName', header: { vi: 'Doanh nghiệp', en: 'Business' }, wide: true },
  { key: 'description', header: { vi: 'Mô tả', en: 'Description' }, wide: true },
  { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
  { key: 'createdAt', header: { vi: 'Ngày tạo', en: 'Created' }, format: 'date' },
] as const;

/** Profiles and groups are managed under one permission each (section 6): list, and update for every change. */
function managedPermissions(feature: 'USER_PROFILECHANNEL' | 'USER_GROUPCHANNEL') {
  const update = `${feature}_UPDATE` as const;
  return { search: `${feature}_LIST`, get: `${feature}_LIST`, create: update, update, delete: update, status: update } satisfies ResourceContract['permissions'];
}

function appObjectResource(name: string, kind: AppObjectKind, permissions: ResourceContract['permissions'], logObject: ResourceContract['logObject']) {
  return Object.assign(
    defineResource({
      name,
      record: appObjectRecordSchema,
      save: appObjectSaveSchema,
      search: appObjectSearchSchema,
      paths: {
        search: `/${name}/Search`,
        get: `/${name}/GetById/:id`,
        save: `/${name}/AddUpdate`,
        delete: `/${name}/Delete/:id`,
        status: `/${name}/UpdateStatus`,
      },
      permissions,
      statuses: [STATUS.active, STATUS.inactive],
      logObject,
      exportColumns,
    }),
    { kind },
  );
}

export const appRoleResource = appObjectResource('AppRole', 'role', standardPermissions('USER_ROLECHANNEL'), LOG_OBJECT.role);
export const appProfileResource = appObjectResource('AppProfile', 'profile', managedPermissions('USER_PROFILECHANNEL'), LOG_OBJECT.serviceInUnit);
export const appUserGroupResource = appObjectResource('AppUserGroup', 'group', managedPermissions('USER_GROUPCHANNEL'), LOG_OBJECT.serviceInUnit);
export const APP_OBJECT_RESOURCES = [appRoleResource, appProfileResource, appUserGroupResource] as const;
export type AppObjectResource = (typeof APP_OBJECT_RESOURCES)[number];

/** The body of "all roles (profiles, groups) of a unit's service": null, or the unit and service to list. */
export const appObjectListQuerySchema = z
  .strictObject({ unitId: z.uuid().optional(), serviceId: z.uuid().optional() })
  .nullish();
export type AppObjectListQuery = NonNullable<z.infer<typeof appObjectListQuerySchema>>;
export const appObjectOptionSchema = z.object({ id: z.uuid(), serviceId: z.uuid(), code: z.string(), name: z.string() });
export type AppObjectOption = z.infer<typeof appObjectOptionSchema>;
