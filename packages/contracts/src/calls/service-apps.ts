import { z } from 'zod';
import { idParamSchema } from '../schemas/common.ts';
import { userIdSchema } from '../resources/user.ts';
import { APP_OBJECT_RESOURCES, appObjectListQuerySchema, appObjectOptionSchema } from '../resources/app-object.ts';
import { appSyncResultSchema, appSyncSchema, appSyncStatusRequestSchema, appSyncStatusSchema, appUserResource } from '../resources/app-user.ts';
import { templateSyncSchema } from '../resources/business-template.ts';
import { appPushResultSchema } from '../resources/unit-package.ts';
import type { PermissionName } from '../catalogue/permissions.ts';
import { defineCall } from './define.ts';

/** Every active role, profile or group of the caller's unit (optionally one service): the app-user form's choices. */
function optionsCall(name: string, access: PermissionName) {
  return defineCall({ method: 'POST', path: `/${name}/GetAllByUnitChannel`, tag: name, access, body: appObjectListQuerySchema, answer: z.array(appObjectOptionSchema) });
}

/** Sync of one unit's app (every user and group delivered again), and its progress. */
function syncCalls(name: string, access: PermissionName) {
  return {
    start: defineCall({ method: 'POST', path: `/${name}/Sync`, tag: name, access, body: appSyncSchema, answer: appSyncResultSchema }),
    status: defineCall({ method: 'POST', path: `/${name}/GetSyncStatus`, tag: name, access, body: appSyncStatusRequestSchema, answer: appSyncStatusSchema }),
  };
}

/** The app-object options calls, by resource name (AppRole, AppProfile, AppUserGroup). */
export const APP_OBJECT_OPTIONS_CALLS = Object.fromEntries(APP_OBJECT_RESOURCES.map((contract) => [contract.name, optionsCall(contract.name, contract.permissions.search)]));

/** The sync calls, by resource name (AppUser and the app-object resources); the screens of each offer them. */
export const APP_SYNC_CALLS: Record<string, ReturnType<typeof syncCalls>> = Object.fromEntries(
  [appUserResource, ...APP_OBJECT_RESOURCES].map((contract) => [contract.name, syncCalls(contract.name, contract.permissions.update!)]),
);

export const SERVICE_APP_CALLS = {
  /** The app user's portal password is replaced and mailed (they sign in to every app through the portal). */
  resetAppUserPassword: defineCall({ method: 'POST', path: '/AppUser/ResetPassword', tag: 'AppUser', access: 'USER_USERUNIT_EDIT', body: userIdSchema, answer: z.boolean() }),
  /** Pushes a business-information template into a unit's app of its service. */
  pushTemplate: defineCall({
    method: 'POST',
    path: '/TemplateClone/SyncBaseApp/:id',
    tag: 'TemplateClone',
    access: 'UNIT_TEMPLATE_UPDATE',
    params: idParamSchema,
    body: templateSyncSchema,
    answer: appPushResultSchema,
  }),
};
