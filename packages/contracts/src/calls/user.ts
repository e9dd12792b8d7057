import { z } from 'zod';
import { acceptingRecord } from '../resources/define.ts';
import { reportToOptionSchema, reportToQuerySchema, unitAdminUpdateSchema, unitUserRecordSchema, userIdSchema } from '../resources/user.ts';
import { baseAppListSchema, updateDefaultLoginSchema } from '../schemas/apps.ts';
import { deviceByUserIdSchema, userDeviceSchema } from '../schemas/devices.ts';
import { pageResultSchema } from '../schemas/common.ts';
import { listMenusSchema, userProfileSchema } from '../schemas/user.ts';
import { updateProfileRequestSchema } from '../schemas/account.ts';
import { defineCall, withSchemas } from './define.ts';
import { USER_DESCRIPTORS as D } from './descriptors/user.ts';

/** The calls on users outside their resources: the current user's own (`USER_DESCRIPTORS`) with their schemas, and administrators' actions on one user. */
export const USER_CALLS = {
  profile: withSchemas(D.profile, { answer: userProfileSchema }),
  menus: withSchemas(D.menus, { answer: listMenusSchema }),
  updateProfile: withSchemas(D.updateProfile, { body: acceptingRecord(updateProfileRequestSchema, userProfileSchema), answer: userProfileSchema }),
  baseApps: withSchemas(D.baseApps, { answer: baseAppListSchema }),
  myServices: withSchemas(D.myServices, { answer: baseAppListSchema }),
  updateDefaultLogin: withSchemas(D.updateDefaultLogin, { body: updateDefaultLoginSchema, answer: z.boolean() }),
  updateUnitAdmin: defineCall({
    method: 'POST',
    path: '/User/UpdateUserAdminUnit',
    tag: 'UnitUser',
    access: 'USER_ADMINUNIT_EDIT',
    body: acceptingRecord(unitAdminUpdateSchema, unitUserRecordSchema),
    answer: z.boolean(),
  }),
  resetUnitUserPassword: defineCall({ method: 'POST', path: '/User/ResetPasswordUser', tag: 'UnitUser', access: 'USER_USERUNIT_EDIT', body: userIdSchema, answer: z.boolean() }),
  reportTo: defineCall({ method: 'GET', path: '/User/GetListReportTo', tag: 'UnitUser', access: 'USER_USERUNIT_LIST', query: reportToQuerySchema, answer: pageResultSchema(reportToOptionSchema) }),
  /** "Sign this user out everywhere": a unit's user (the unit users' screen). */
  signOutUnitUser: defineCall({ method: 'POST', path: '/User/SignOutUserEverywhere', tag: 'UnitUser', access: 'USER_USERUNIT_EDIT', body: userIdSchema, answer: z.boolean() }),
  /** "Sign this user out everywhere": a platform staff account (the admin accounts' screen). */
  signOutAdminAccount: defineCall({ method: 'POST', path: '/User/SignOutUserWebPortalEverywhere', tag: 'AdminAccount', access: 'SYSTEM_ADMINACCOUNT_EDIT', body: userIdSchema, answer: z.boolean() }),
  devicesOfUser: defineCall({ method: 'POST', path: '/UserDevice/GetDeviceByUserId', tag: 'UserDevice', access: 'LOG_ACCESS_LIST', body: deviceByUserIdSchema, answer: pageResultSchema(userDeviceSchema) }),
};
