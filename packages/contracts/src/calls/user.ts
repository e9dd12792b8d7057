import { z } from 'zod';
import { acceptingRecord } from '../resources/define.ts';
import { reportToOptionSchema, reportToQuerySchema, unitAdminUpdateSchema, unitUserRecordSchema, userIdSchema } from '../resources/user.ts';
import { baseAppListSchema, updateDefaultLoginSchema } from '../schemas/apps.ts';
import { deviceByUserIdSchema, userDeviceSchema } from '../schemas/devices.ts';
import { pageResultSchema } from '../schemas/common.ts';
import { listMenusSchema, userProfileSchema } from '../schemas/user.ts';
import { updateProfileRequestSchema } from '../schemas/account.ts';
import { defineCall } from './define.ts';

/** The calls on users outside their resources: the current user's own, and administrators' actions on one user. */
export const USER_CALLS = {
  profile: defineCall({ method: 'GET', path: '/User/GetUserProfileCurrent', tag: 'User', access: 'signed-in', answer: userProfileSchema }),
  menus: defineCall({ method: 'GET', path: '/User/GetListMenus', tag: 'User', access: 'signed-in', answer: listMenusSchema }),
  updateProfile: defineCall({
    method: 'POST',
    path: '/User/UpdateUserProfileCurrent',
    tag: 'User',
    access: 'signed-in',
    body: acceptingRecord(updateProfileRequestSchema, userProfileSchema),
    answer: userProfileSchema,
  }),
  baseApps: defineCall({ method: 'GET', path: '/User/GetListBaseApp', tag: 'User', access: 'signed-in', answer: baseAppListSchema }),
  /** The specification's dashboard call: the current user's services, without the portal itself. */
  myServices: defineCall({ method: 'GET', path: '/ChannelManager/GetChannelByUserCurrent', tag: 'Dashboard', access: 'signed-in', answer: baseAppListSchema }),
  updateDefaultLogin: defineCall({ method: 'POST', path: '/User/UpdateChannelCodeDefaultLogin', tag: 'User', access: 'signed-in', body: updateDefaultLoginSchema, answer: z.boolean() }),
  updateUnitAdmin: defineCall({
    method: 'POST',
    path: '/User/UpdateUserAdminUnit',
    tag: 'UnitUser',
    access: 'USER_ADMINUNIT_EDIT',
    body: acceptingRecord(unitAdminUpdateSchema, unitUserRecordSchema),
    answer: z.boolean(),
  }),
  resetUnitUserPassword: defineCall({ method: 'POST', path: '/User/ResetPasswordUser', tag: 'UnitUser', access: 'USER_USERUNIT_EDIT', body: userIdSchema, answer: z.boolean() }),
  reportTo: defineCall({ method: 'GET', path: '/User/GetListReportTo', tag: 'UnitUser', access: 'USER_USERUNIT_LIST', query: reportToQuerySchema, answer: z.array(reportToOptionSchema) }),
  /** "Sign this user out everywhere": a unit's user (the unit users' screen). */
  signOutUnitUser: defineCall({ method: 'POST', path: '/User/SignOutUserEverywhere', tag: 'UnitUser', access: 'USER_USERUNIT_EDIT', body: userIdSchema, answer: z.boolean() }),
  /** "Sign this user out everywhere": a platform staff account (the admin accounts' screen). */
  signOutAdminAccount: defineCall({ method: 'POST', path: '/User/SignOutUserWebPortalEverywhere', tag: 'AdminAccount', access: 'SYSTEM_ADMINACCOUNT_EDIT', body: userIdSchema, answer: z.boolean() }),
  devicesOfUser: defineCall({ method: 'POST', path: '/UserDevice/GetDeviceByUserId', tag: 'UserDevice', access: 'LOG_ACCESS_LIST', body: deviceByUserIdSchema, answer: pageResultSchema(userDeviceSchema) }),
};
