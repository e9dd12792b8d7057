import { z } from 'zod';
import { PUSHED_NOTIFICATIONS } from '../constants.ts';

/**
 * What a service app pushes to one of its users (PullMessage): a warning shown at once in the
 * portal's header. One carrying an interaction id opens /work-screen, which takes the user
 * into the app at that interaction through single sign-on.
 */
export const pushNotificationSchema = z.strictObject({
  /** The portal account the notification is for. */
  username: z.string().trim().min(1).max(100),
  title: z.string().trim().min(1).max(200),
  content: z.string().trim().max(2000).default(''),
  /** The app's own reference of the work waiting for the user (a conversation, a ticket). */
  interaction_id: z.string().trim().min(1).max(200).optional(),
});
export type PushNotification = z.input<typeof pushNotificationSchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  serviceCode: z.string(),
  serviceName: z.string(),
  level: z.literal('warning'),
  title: z.string(),
  content: z.string(),
  interactionId: z.string().nullable(),
  createdAt: z.string(),
  /** Read in the header's list; the bell's badge counts the others. */
  read: z.boolean(),
});
export type UserNotification = z.infer<typeof notificationSchema>;

/** The user's own notifications they have now seen (the ones the bell lists). */
export const markNotificationsReadSchema = z.strictObject({
  ids: z.array(z.uuid()).min(1).max(PUSHED_NOTIFICATIONS.latest),
});
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;
