import { z } from 'zod';
import { pageRequestSchema, sortSchema } from './common.ts';

/** One sign-in of the device log (section 3, login device). */
export const userDeviceSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  username: z.string(),
  fullName: z.string(),
  unitId: z.uuid().nullable(),
  unitName: z.string().nullable(),
  deviceName: z.string(),
  ipAddress: z.string().nullable(),
  browser: z.string().nullable(),
  signedInAt: z.string(),
});
export type UserDevice = z.infer<typeof userDeviceSchema>;

/** The columns the access log can be sorted by (each has its indexes: the log grows to millions). */
export const USER_DEVICE_SORT_FIELDS = ['signedInAt', 'username', 'ipAddress'] as const;
export type UserDeviceSortField = (typeof USER_DEVICE_SORT_FIELDS)[number];

export const searchUserDeviceByUnitSchema = pageRequestSchema.extend({
  /** Platform staff may name any unit; a unit's users always see their own. */
  unitId: z.uuid().optional(),
  /** One user's sign-ins (the view by user). */
  userId: z.uuid().optional(),
  fromDate: z.iso.datetime({ offset: true }).optional(),
  toDate: z.iso.datetime({ offset: true }).optional(),
  sort: sortSchema(USER_DEVICE_SORT_FIELDS),
}).refine((value) => !value.fromDate || !value.toDate || value.fromDate <= value.toDate, { path: ['toDate'], error: 'date_range' });
export type SearchUserDeviceByUnit = z.input<typeof searchUserDeviceByUnitSchema>;

export const deviceByUserIdSchema = pageRequestSchema.extend({ userId: z.uuid() });
export type DeviceByUserId = z.input<typeof deviceByUserIdSchema>;
