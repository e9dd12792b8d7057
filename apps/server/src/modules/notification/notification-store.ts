import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { PUSHED_NOTIFICATIONS, USER_STATUS, type pushNotificationSchema, type UserNotification } from '@portal/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { services, userNotifications, users } from '../../db/schema/index.ts';
import { signInRefusal } from '../../identity/entitlement.ts';

/** A stored notification as the user sees it, with the name of the app that sent it. */
function notificationOf(row: typeof userNotifications.$inferSelect, serviceName: string): UserNotification {
  return {
    id: row.id,
    serviceCode: row.serviceCode,
    serviceName,
    level: 'warning',
    title: row.title,
    content: row.content,
    interactionId: row.interactionId,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

/**
 * Keeps a notification an app pushes to one of its users, for whom it is, or undefined when the
 * app may not reach that user: an app reaches only the users it may sign in (the same rule as its sign-in).
 */
export async function storeNotification(
  db: Queryable,
  service: { code: string; name: string },
  input: z.infer<typeof pushNotificationSchema>,
  now: Date,
): Promise<{ userId: string; notification: UserNotification } | undefined> {
  const [user] = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.username, input.username));
  if (!user || user.status !== USER_STATUS.active || (await signInRefusal(db, now, user.id, service.code)) !== null) return undefined;
  const [row] = await db
    .insert(userNotifications)
    .values({ userId: user.id, serviceCode: service.code, title: input.title, content: input.content, interactionId: input.interaction_id ?? null, createdAt: now })
    .returning();
  return { userId: user.id, notification: notificationOf(row!, service.name) };
}

/** A user's latest notifications, newest first. */
export async function latestNotifications(db: Queryable, userId: string): Promise<UserNotification[]> {
  const rows = await db
    .select({ row: userNotifications, serviceName: services.name })
    .from(userNotifications)
    .innerJoin(services, eq(services.code, userNotifications.serviceCode))
    .where(eq(userNotifications.userId, userId))
    .orderBy(desc(userNotifications.createdAt))
    .limit(PUSHED_NOTIFICATIONS.latest);
  return rows.map(({ row, serviceName }) => notificationOf(row, serviceName));
}

/** Marks the user's own, still unread notifications read (someone else's id changes nothing); how many it marked. */
export async function markRead(db: Queryable, userId: string, ids: string[], now: Date): Promise<number> {
  const marked = await db
    .update(userNotifications)
    .set({ readAt: now })
    .where(and(eq(userNotifications.userId, userId), inArray(userNotifications.id, ids), isNull(userNotifications.readAt)))
    .returning({ id: userNotifications.id });
  return marked.length;
}
