import { z } from 'zod';
import { activePackageSchema, activePackageSearchSchema, categoryCodeParamSchema, categoryItemSchema, categoryOptionSearchSchema, channelItemSchema, channelSearchSchema } from '../resources/lookups.ts';
import { pageResultSchema } from '../schemas/common.ts';
import { markNotificationsReadSchema, notificationSchema, pushNotificationSchema } from '../schemas/notification.ts';
import { dashboardRequestSchema, platformDashboardSchema, unitDashboardSchema } from '../schemas/dashboard.ts';
import { defineCall, withSchemas } from './define.ts';
import { DASHBOARD_DESCRIPTORS, LOOKUP_DESCRIPTORS, NOTIFICATION_DESCRIPTORS } from './descriptors/lookups.ts';

/** The lookups (`LOOKUP_DESCRIPTORS`) with their schemas: what the server registers. */
export const LOOKUP_CALLS = {
  categoriesOf: withSchemas(LOOKUP_DESCRIPTORS.categoriesOf, { params: categoryCodeParamSchema, answer: z.array(categoryItemSchema) }),
  services: withSchemas(LOOKUP_DESCRIPTORS.services, { body: channelSearchSchema, answer: pageResultSchema(channelItemSchema) }),
  activePacks: withSchemas(LOOKUP_DESCRIPTORS.activePacks, { answer: z.array(activePackageSchema) }),
  searchCategoriesOf: withSchemas(LOOKUP_DESCRIPTORS.searchCategoriesOf, { params: categoryCodeParamSchema, body: categoryOptionSearchSchema, answer: pageResultSchema(categoryItemSchema) }),
  searchActivePacks: withSchemas(LOOKUP_DESCRIPTORS.searchActivePacks, { body: activePackageSearchSchema, answer: pageResultSchema(activePackageSchema) }),
};

export const NOTIFICATION_CALLS = {
  /** Pushed by a service app with its own client credentials (no screen sends it). */
  push: defineCall({ method: 'POST', path: '/Notification/Push', tag: 'Notification', access: 'service-app', body: pushNotificationSchema, answer: notificationSchema }),
  mine: withSchemas(NOTIFICATION_DESCRIPTORS.mine, { answer: z.array(notificationSchema) }),
  markRead: withSchemas(NOTIFICATION_DESCRIPTORS.markRead, { body: markNotificationsReadSchema, answer: z.number().int() }),
};

export const DASHBOARD_CALLS = {
  platform: withSchemas(DASHBOARD_DESCRIPTORS.platform, { body: dashboardRequestSchema, answer: platformDashboardSchema }),
  unit: withSchemas(DASHBOARD_DESCRIPTORS.unit, { body: dashboardRequestSchema, answer: unitDashboardSchema }),
};
