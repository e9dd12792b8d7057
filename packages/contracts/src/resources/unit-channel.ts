import { z } from 'zod';
import { LOG_OBJECT, STATUS } from '../constants.ts';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { unitServiceRecordFields } from '../schemas/fields.ts';
import { defineResource } from './define.ts';

/**
 * A unit's access to one service (/enterprise/manage-access, by business or by service):
 * a row per unit and service, opened when a pack holding the service is given to the unit, and
 * switched off or on without touching the pack. Platform staff add a service to a unit or take
 * it away; a unit's administrator switches their own unit's access.
 */
export const unitChannelRecordSchema = z.object({
  id: z.uuid(),
  ...unitServiceRecordFields,
  /** Read-only: a pack of the unit holding the service is usable now (server clock). */
  bought: z.boolean(),
  /** Read-only: the unit's users granted the service (active app users). */
  grants: z.number().int(),
  status: z.number().int(),
  createdAt: z.string(),
});
export type UnitChannelRecord = z.infer<typeof unitChannelRecordSchema>;

export const unitChannelSaveSchema = z.strictObject({
  id: z.uuid().nullish(),
  unitId: z.uuid({ error: 'required' }),
  serviceId: z.uuid({ error: 'required' }),
  status: z.union([z.literal(STATUS.active), z.literal(STATUS.inactive)], { error: 'invalid' }).default(STATUS.active),
});
export type UnitChannelSave = z.input<typeof unitChannelSaveSchema>;

/** The columns access management sorts by: the business, the service (each name, then the other), the access. */
export const UNIT_CHANNEL_SORT_FIELDS = ['unitName', 'serviceName', 'status'] as const;
export type UnitChannelSortField = (typeof UNIT_CHANNEL_SORT_FIELDS)[number];

export const unitChannelSearchSchema = pageRequestSchema.extend({
  unitId: z.uuid().optional(),
  serviceId: z.uuid().optional(),
  status: z.number().int().optional(),
  sort: sortSchema(UNIT_CHANNEL_SORT_FIELDS),
});

export const unitChannelResource = defineResource({
  name: 'UnitChannel',
  record: unitChannelRecordSchema,
  save: unitChannelSaveSchema,
  search: unitChannelSearchSchema,
  paths: {
    search: '/UnitChannel/SearchChannelPage',
    get: '/UnitChannel/GetUnitChannelById/:id',
    save: '/UnitChannel/AddUpdateChannelToUnit',
    delete: '/UnitChannel/DeleteChannelInUnit',
    status: '/UnitChannel/UpdateStatusChannelInUnit',
  },
  permissions: {
    search: 'UNIT_ACCESSCHANNEL_LIST',
    get: 'UNIT_ACCESSCHANNEL_LIST',
    // Which units may use a service is the platform's; switching access, the unit's too.
    create: 'SERVICE_PERMISSIONENTERPRISE_EDIT',
    update: 'UNIT_ACCESSCHANNEL_EDIT',
    delete: 'SERVICE_PERMISSIONENTERPRISE_EDIT',
    status: 'UNIT_ACCESSCHANNEL_EDIT',
  },
  statuses: [STATUS.active, STATUS.inactive],
  logObject: LOG_OBJECT.serviceInUnit,
  exportColumns: [
    { key: 'unitName', header: { vi: 'Doanh nghiệp', en: 'Business' }, wide: true },
    { key: 'serviceName', header: { vi: 'Dịch vụ', en: 'Service' }, wide: true },
    { key: 'bought', header: { vi: 'Đã mua', en: 'Bought' }, format: 'boolean' },
    { key: 'grants', header: { vi: 'Người dùng được cấp', en: 'Users granted' } },
    { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
  ],
});
export type UnitChannelResource = typeof unitChannelResource;
