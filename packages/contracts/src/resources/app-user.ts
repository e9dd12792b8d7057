import { z } from 'zod';
import { LOG_OBJECT, STATUS } from '../constants.ts';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { deliveryFailureSchema } from '../schemas/delivery.ts';
import { unitServiceRecordFields } from '../schemas/fields.ts';
import { defineResource, standardPermissions } from './define.ts';

/**
 * Where the service app stands with an object: synced (the app has it as the portal does),
 * pending (a change waits for delivery, perhaps retrying: lastError says why), failed (the app
 * refused it or delivery gave up: lastError is the app's word; a sync after the cause is fixed
 * delivers it) or not_connected (the service has no enabled integration: the user signs in to
 * it, but nothing is pushed to its app until a platform administrator integrates it).
 */
export const SYNC_STATES = ['synced', 'pending', 'failed', 'not_connected'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

/** A unit's user in one service's app (section 7, /AppUser), with role, profile and group there. */
export const appUserRecordSchema = z.object({
  id: z.uuid(),
  ...unitServiceRecordFields,
  userId: z.uuid(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  roleId: z.uuid().nullable(),
  roleName: z.string().nullable(),
  profileId: z.uuid().nullable(),
  profileName: z.string().nullable(),
  groupId: z.uuid().nullable(),
  groupName: z.string().nullable(),
  status: z.number().int(),
  syncState: z.enum(SYNC_STATES),
  lastError: deliveryFailureSchema.nullable(),
  createdAt: z.string(),
});
export type AppUserRecord = z.infer<typeof appUserRecordSchema>;

export const appUserSaveSchema = z.strictObject({
  id: z.uuid().nullish(),
  serviceId: z.uuid(),
  userId: z.uuid(),
  roleId: z.uuid().nullish(),
  profileId: z.uuid().nullish(),
  groupId: z.uuid().nullish(),
  status: z.union([z.literal(STATUS.active), z.literal(STATUS.inactive)]).optional(),
});
export type AppUserSave = z.input<typeof appUserSaveSchema>;

/** The columns service users sort by. */
export const APP_USER_SORT_FIELDS = ['username'] as const;
export type AppUserSortField = (typeof APP_USER_SORT_FIELDS)[number];

export const appUserSearchSchema = pageRequestSchema.extend({
  unitId: z.uuid().optional(),
  serviceId: z.uuid().optional(),
  userId: z.uuid().optional(),
  /** "Search by role": the app users holding one role. */
  roleId: z.uuid().optional(),
  status: z.number().int().optional(),
  sort: sortSchema(APP_USER_SORT_FIELDS),
});

export const appUserResource = defineResource({
  name: 'AppUser',
  record: appUserRecordSchema,
  save: appUserSaveSchema,
  search: appUserSearchSchema,
  paths: {
    search: '/AppUser/Search',
    get: '/AppUser/GetById/:id',
    save: '/AppUser/AddUpdate',
    delete: '/AppUser/Delete/:id',
    status: '/AppUser/UpdateStatus',
  },
  permissions: standardPermissions('USER_USERUNIT'),
  statuses: [STATUS.active, STATUS.inactive],
  logObject: LOG_OBJECT.userByUnit,
  // The specification's name: why the service app refused the user, when it did (null otherwise).
  savedExtra: { errorCreateBaseApp: deliveryFailureSchema.nullable() },
  exportColumns: [
    { key: 'username', header: { vi: 'Tài khoản', en: 'Account' } },
    { key: 'fullName', header: { vi: 'Họ và tên', en: 'Full name' }, wide: true },
    { key: 'serviceName', header: { vi: 'Dịch vụ', en: 'Service' } },
    { key: 'roleName', header: { vi: 'Vai trò', en: 'Role' } },
    { key: 'profileName', header: { vi: 'Hồ sơ', en: 'Profile' } },
    { key: 'groupName', header: { vi: 'Nhóm', en: 'Group' } },
    { key: 'unitName', header: { vi: 'Doanh nghiệp', en: 'Business' }, wide: true },
    { key: 'syncState', header: { vi: 'Đồng bộ', en: 'Sync' } },
    { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
  ],
});

/** "Sync" of one unit × service: everything the portal holds is delivered again until the app matches. */
export const appSyncSchema = z.strictObject({
  unitId: z.uuid().nullish(),
  serviceId: z.uuid(),
});
export const appSyncResultSchema = z.object({
  /** The job to follow with GetSyncStatus. */
  syncId: z.uuid(),
  /** Users and groups queued for delivery, and the two listings of the app (its users, its groups) that find what the portal does not hold. */
  queued: z.number().int(),
});
export type AppSyncResult = z.infer<typeof appSyncResultSchema>;

/** Where a "Sync" stands: done once nothing of it is pending; failures name the object and why. */
export const appSyncStatusRequestSchema = z.strictObject({ syncId: z.uuid() });
export const appSyncStatusSchema = z.object({
  syncId: z.uuid(),
  unitId: z.uuid(),
  serviceId: z.uuid(),
  total: z.number().int(),
  delivered: z.number().int(),
  pending: z.number().int(),
  /** Pending after a failed attempt: waiting for a retry (the app may be down). */
  retrying: z.number().int(),
  failed: z.number().int(),
  done: z.boolean(),
  /** userList / groupList: the app's users or groups could not be listed (no name). */
  failures: z.array(z.object({ objectType: z.enum(['user', 'group', 'userList', 'groupList']), name: z.string(), error: deliveryFailureSchema })),
});
export type AppSyncStatus = z.infer<typeof appSyncStatusSchema>;
