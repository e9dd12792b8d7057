import type { z } from 'zod';
import type { activePackageSchema, activePackageSearchSchema, categoryCodeParamSchema, categoryItemSchema, categoryOptionSearchSchema, channelItemSchema, channelSearchSchema } from '../../resources/lookups.ts';
import type { pageResultSchema } from '../../schemas/common.ts';
import type { markNotificationsReadSchema, notificationSchema } from '../../schemas/notification.ts';
import type { dashboardRequestSchema, platformDashboardSchema, unitDashboardSchema } from '../../schemas/dashboard.ts';
import { describeCall } from '../define.ts';

/** The choices of the forms' selects, for any signed-in user (described without their schemas; `../lookups.ts` adds them). */
export const LOOKUP_DESCRIPTORS = {
  categoriesOf: describeCall<{ params: typeof categoryCodeParamSchema; answer: z.ZodArray<typeof categoryItemSchema> }>({
    method: 'GET',
    path: '/Category/GetByParentCode/:code',
    tag: 'Lookup',
    access: 'signed-in',
  }),
  services: describeCall<{ body: typeof channelSearchSchema; answer: ReturnType<typeof pageResultSchema<typeof channelItemSchema>> }>({
    method: 'POST',
    path: '/Channel/SearchChannelPage',
    tag: 'Lookup',
    access: 'signed-in',
  }),
  activePacks: describeCall<{ answer: z.ZodArray<typeof activePackageSchema> }>({ method: 'GET', path: '/ChannelPackage/GetAllActive', tag: 'Lookup', access: 'signed-in' }),
  /** The same entries as categoriesOf, a page at a time as a select searches them (not in the specification). */
  searchCategoriesOf: describeCall<{
    params: typeof categoryCodeParamSchema;
    body: typeof categoryOptionSearchSchema;
    answer: ReturnType<typeof pageResultSchema<typeof categoryItemSchema>>;
  }>({ method: 'POST', path: '/Category/SearchByParentCode/:code', tag: 'Lookup', access: 'signed-in' }),
  /** The same packs as activePacks, a page at a time as a select searches them (not in the specification). */
  searchActivePacks: describeCall<{ body: typeof activePackageSearchSchema; answer: ReturnType<typeof pageResultSchema<typeof activePackageSchema>> }>({
    method: 'POST',
    path: '/ChannelPackage/SearchActive',
    tag: 'Lookup',
    access: 'signed-in',
  }),
};

/** Notifications as their user reads them (the shell's bell); the service apps' push is `NOTIFICATION_CALLS.push`. */
export const NOTIFICATION_DESCRIPTORS = {
  mine: describeCall<{ answer: z.ZodArray<typeof notificationSchema> }>({ method: 'GET', path: '/Notification/GetMine', access: 'signed-in' }),
  markRead: describeCall<{ body: typeof markNotificationsReadSchema; answer: z.ZodNumber }>({ method: 'POST', path: '/Notification/MarkRead', access: 'signed-in' }),
};

/** The dashboards (section 3): the platform's figures and a unit's (the first screen after sign-in). */
export const DASHBOARD_DESCRIPTORS = {
  platform: describeCall<{ body: typeof dashboardRequestSchema; answer: typeof platformDashboardSchema }>({
    method: 'POST',
    path: '/Dashboard/ActivityStatisticUnit',
    access: 'DASHBOARD_MANAGEMENT_ACCESS',
  }),
  unit: describeCall<{ body: typeof dashboardRequestSchema; answer: typeof unitDashboardSchema }>({
    method: 'POST',
    path: '/Dashboard/ActivityStatisticsByUser',
    access: 'DASHBOARD_MANAGEMENT_ACCESS',
  }),
};
