import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { PUSHED_NOTIFICATIONS, USER_STATUS, type UserNotification, NOTIFICATION_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { services, userNotifications, users } from '../../db/schema/index.ts';
import { signInRefusal } from '../../identity/entitlement.ts';
import { registerCall } from '../../platform/call.ts';
import { AppError } from '../../platform/errors.ts';

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

/** Notifications: pushed by a service app to one of its users, listed in the user's header. */
export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCall(app, NOTIFICATION_CALLS.push, {}, async (request) => {
    const service = { code: request.appCaller.clientId, name: request.appCaller.name };
    const body = request.body;
    const [user] = await ctx.db.select({ id: users.id, status: users.status }).from(users).where(eq(users.username, body.username));
    // An app reaches only the users it may sign in: the same rule as its sign-in.
    if (!user || user.status !== USER_STATUS.active || (await signInRefusal(ctx.db, ctx.clock.now(), user.id, service.code)) !== null) {
      throw new AppError('general.push_notify_failed', { errors: [{ field: 'body.username', message: 'invalid' }] });
    }
    const [row] = await ctx.db
      .insert(userNotifications)
      .values({ userId: user.id, serviceCode: service.code, title: body.title, content: body.content, interactionId: body.interaction_id ?? null, createdAt: ctx.clock.now() })
      .returning();
    const notification = notificationOf(row!, service.name);
    ctx.realtime.pullMessage(user.id, notification);
    return notification;
  });

  registerCall(app, NOTIFICATION_CALLS.mine, {}, async (request) => {
    const rows = await ctx.db
      .select({ row: userNotifications, serviceName: services.name })
      .from(userNotifications)
      .innerJoin(services, eq(services.code, userNotifications.serviceCode))
      .where(eq(userNotifications.userId, request.actor.userId))
      .orderBy(desc(userNotifications.createdAt))
      .limit(PUSHED_NOTIFICATIONS.latest);
    return rows.map(({ row, serviceName }) => notificationOf(row, serviceName));
  });

  registerCall(app, NOTIFICATION_CALLS.markRead, {}, async (request) => {
    // Only the caller's own, still unread: someone else's id changes nothing.
    const marked = await ctx.db
      .update(userNotifications)
      .set({ readAt: ctx.clock.now() })
      .where(and(eq(userNotifications.userId, request.actor.userId), inArray(userNotifications.id, request.body.ids), isNull(userNotifications.readAt)))
      .returning({ id: userNotifications.id });
    return marked.length;
  });
}
