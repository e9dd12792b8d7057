import { z } from 'zod';
import { activePackageSchema, categoryCodeParamSchema, categoryItemSchema, channelItemSchema, channelSearchSchema } from '../resources/lookups.ts';
import { pageResultSchema } from '../schemas/common.ts';
import { markNotificationsReadSchema, notificationSchema, pushNotificationSchema } from '../schemas/notification.ts';
import { dashboardRequestSchema, platformDashboardSchema, unitDashboardSchema } from '../schemas/dashboard.ts';
import { defineCall } from './define.ts';

/** The choices of the forms' selects, for any signed-in user. */
export const LOOKUP_CALLS = {
  categoriesOf: defineCall({ method: 'GET', path: '/Category/GetByParentCode/:code', tag: 'Lookup', access: 'signed-in', params: categoryCodeParamSchema, answer: z.array(categoryItemSchema) }),
  services: defineCall({ method: 'POST', path: '/Channel/SearchChannelPage', tag: 'Lookup', access: 'signed-in', body: channelSearchSchema, answer: pageResultSchema(channelItemSchema) }),
  activePacks: defineCall({ method: 'GET', path: '/ChannelPackage/GetAllActive', tag: 'Lookup', access: 'signed-in', answer: z.array(activePackageSchema) }),
};

/** Notifications: pushed by a service app with its own client credentials, read by their user. */
export const NOTIFICATION_CALLS = {
  push: defineCall({ method: 'POST', path: '/Notification/Push', tag: 'Notification', access: 'service-app', body: pushNotificationSchema, answer: notificationSchema }),
  mine: defineCall({ method: 'GET', path: '/Notification/GetMine', tag: 'Notification', access: 'signed-in', answer: z.array(notificationSchema) }),
  markRead: defineCall({ method: 'POST', path: '/Notification/MarkRead', tag: 'Notification', access: 'signed-in', body: markNotificationsReadSchema, answer: z.number().int() }),
};

/** The dashboards (section 3): the platform's figures and a unit's. */
export const DASHBOARD_CALLS = {
  platform: defineCall({ method: 'POST', path: '/Dashboard/ActivityStatisticUnit', tag: 'Dashboard', access: 'DASHBOARD_MANAGEMENT_ACCESS', body: dashboardRequestSchema, answer: platformDashboardSchema }),
  unit: defineCall({ method: 'POST', path: '/Dashboard/ActivityStatisticsByUser', tag: 'Dashboard', access: 'DASHBOARD_MANAGEMENT_ACCESS', body: dashboardRequestSchema, answer: unitDashboardSchema }),
};
