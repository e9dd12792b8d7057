import { z } from 'zod';
import { idParamSchema } from '../schemas/common.ts';
import { sendMailElearningSchema } from '../resources/unit.ts';
import { appPushResultSchema } from '../resources/unit-package.ts';
import { serviceSecretRequestSchema, serviceSecretSchema } from '../resources/service.ts';
import { assignPermissionsQuerySchema, permissionMatrixSchema, savePermissionsSchema } from '../resources/role.ts';
import {
  trialRegisteredSchema,
  trialRegistrationSchema,
  unitPackageChannelsSchema,
  upgradeRequestConfirmSchema,
  upgradeRequestCreateSchema,
} from '../resources/upgrade-request.ts';
import { defineCall } from './define.ts';

export const UNIT_CALLS = {
  sendMailElearning: defineCall({ method: 'POST', path: '/Unit/SendMailElearning', tag: 'Unit', access: 'UNIT_ENTERPRISE_SEND', body: sendMailElearningSchema, answer: z.boolean() }),
  /** A unit's pack offer: its services, the packs it holds, the packs it may ask for. */
  packOffer: defineCall({ method: 'GET', path: '/Unit/GetPackageChannelOfUnit/:id', tag: 'Unit', access: 'PACKAGE_UNITPACKAGE_LIST', params: idParamSchema, answer: unitPackageChannelsSchema }),
  requestUpgrade: defineCall({
    method: 'POST',
    path: '/Unit/RequestUpdatePackageService',
    tag: 'Unit',
    access: 'PACKAGE_UNITPACKAGE_UPDATE',
    body: upgradeRequestCreateSchema,
    answer: z.object({ id: z.uuid() }),
  }),
  registerTrial: defineCall({ method: 'POST', path: '/Unit/RegisterPackServiceTrial', tag: 'Unit', access: 'PACKAGE_UNITPACKAGE_UPDATE', body: trialRegistrationSchema, answer: trialRegisteredSchema }),
  confirmUpgrade: defineCall({ method: 'POST', path: '/UpgradeRequest/Confirm', tag: 'UpgradeRequest', access: 'PACKAGE_SERVICEPACKAGE_EDIT', body: upgradeRequestConfirmSchema, answer: z.boolean() }),
  /** Delivers a unit's pack to its service's app again. */
  syncPack: defineCall({ method: 'POST', path: '/PackageServiceChannel/SyncBaseApp/:id', tag: 'PackageServiceChannel', access: 'UNIT_ENTERPRISE_EDIT', params: idParamSchema, answer: appPushResultSchema }),
  rotateServiceSecret: defineCall({ method: 'POST', path: '/Channel/RotateClientSecret', tag: 'Channel', access: 'SERVICE_MANAGER_EDIT', body: serviceSecretRequestSchema, answer: serviceSecretSchema }),
};

/** The permission matrix of one kind of role: read it, and replace what the role holds. */
export const PERMISSION_MATRIX_CALLS = {
  system: {
    get: defineCall({ method: 'GET', path: '/Role/GetAssignPermissions', tag: 'Role', access: 'SYSTEM_PERMISSIONIAM_LIST', query: assignPermissionsQuerySchema, answer: permissionMatrixSchema }),
    save: defineCall({ method: 'POST', path: '/Role/SavePermissions', tag: 'Role', access: 'SYSTEM_PERMISSIONIAM_UPDATE', body: savePermissionsSchema, answer: z.boolean() }),
  },
  agency: {
    get: defineCall({ method: 'GET', path: '/Agency/GetAssignPermissions', tag: 'AgencyRole', access: 'AGENCY_ROLE_VIEW', query: assignPermissionsQuerySchema, answer: permissionMatrixSchema }),
    save: defineCall({ method: 'POST', path: '/Agency/SavePermissions', tag: 'AgencyRole', access: 'AGENCY_ROLE_EDIT', body: savePermissionsSchema, answer: z.boolean() }),
  },
};
export type PermissionMatrixCalls = (typeof PERMISSION_MATRIX_CALLS)[keyof typeof PERMISSION_MATRIX_CALLS];
