import { z } from 'zod';
import { searchUserDeviceByUnitSchema, userDeviceSchema } from '../schemas/devices.ts';
import { defineResource } from './define.ts';

/**
 * The access log (/log/access): every sign-in with its device, browser and address, by unit
 * and by user; read-only, with export. A unit's users see their own unit only.
 */
export const accessLogResource = defineResource({
  name: 'UserDevice',
  record: userDeviceSchema,
  save: z.strictObject({}),
  search: searchUserDeviceByUnitSchema,
  paths: { search: '/UserDevice/SearchUserDeviceByUnit' },
  // No get call: a sign-in's row holds all there is to see.
  permissions: { search: 'LOG_ACCESS_LIST', get: 'LOG_ACCESS_LIST' },
  statuses: [],
  exportColumns: [
    { key: 'signedInAt', header: { vi: 'Thời gian đăng nhập', en: 'Signed in at' }, format: 'datetime' },
    { key: 'username', header: { vi: 'Tài khoản', en: 'Account' } },
    { key: 'fullName', header: { vi: 'Họ và tên', en: 'Full name' }, wide: true },
    { key: 'unitName', header: { vi: 'Doanh nghiệp', en: 'Business' }, wide: true },
    { key: 'deviceName', header: { vi: 'Thiết bị', en: 'Device' }, wide: true },
    { key: 'browser', header: { vi: 'Trình duyệt', en: 'Browser' } },
    { key: 'ipAddress', header: { vi: 'Địa chỉ IP', en: 'IP address' } },
  ],
});
