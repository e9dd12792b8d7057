import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  envelopeSchema,
  markNotificationsReadSchema,
  notificationSchema,
  pushNotificationSchema,
  PUSHED_NOTIFICATIONS,
  STATUS,
  USER_STATUS,
  type UserNotification,
} from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { services, userNotifications, users } from '../../db/schema/index.ts';
import { signInRefusal } from '../../identity/entitlement.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError, unauthorized } from '../../platform/errors.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The service app calling, from its own client credentials (HTTP Basic, as at the token
 * endpoint: client id = the service code, the secret rotated on the service screen).
 */
async function callingService(ctx: AppContext, request: FastifyRequest): Promise<{ code: string; name: string }> {
  const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'basic' || !encoded) throw unauthorized();
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw unauthorized();
  const [clientId, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)].map((part) => decodeURIComponent(part.replace(/\+/g, ' '))) as [string, string];
  const [service] = await ctx.db
    .select({ code: services.code, name: services.name, sealed: services.clientSecretSealed })
    .from(services)
    .where(and(eq(services.code, clientId), eq(services.status, STATUS.active)));
  if (!service?.sealed || !timingSafeEqual(digest(ctx.secrets.open(service.sealed)), digest(secret))) throw unauthorized();
  return service;
}

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
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Notification'];

  routes.post(
    '/api/Notification/Push',
    // 'public' for the portal's users: the app proves itself with its client credentials below.
    { config: { access: 'public' }, schema: { tags, body: pushNotificationSchema, response: { 200: envelopeSchema(notificationSchema) } } },
    async (request) => {
      const service = await callingService(ctx, request);
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
      return ok(notification);
    },
  );

  routes.get(
    '/api/Notification/GetMine',
    { config: { access: 'signed-in' }, schema: { tags, response: { 200: envelopeSchema(z.array(notificationSchema)) } } },
    async (request) => {
      const rows = await ctx.db
        .select({ row: userNotifications, serviceName: services.name })
        .from(userNotifications)
        .innerJoin(services, eq(services.code, userNotifications.serviceCode))
        .where(eq(userNotifications.userId, request.actor.userId))
        .orderBy(desc(userNotifications.createdAt))
        .limit(PUSHED_NOTIFICATIONS.latest);
      return ok(rows.map(({ row, serviceName }) => notificationOf(row, serviceName)));
    },
  );

  routes.post(
    '/api/Notification/MarkRead',
    { config: { access: 'signed-in' }, schema: { tags, body: markNotificationsReadSchema, response: { 200: envelopeSchema(z.number().int()) } } },
    async (request) => {
      // Only the caller's own, still unread: someone else's id changes nothing.
      const marked = await ctx.db
        .update(userNotifications)
        .set({ readAt: ctx.clock.now() })
        .where(and(eq(userNotifications.userId, request.actor.userId), inArray(userNotifications.id, request.body.ids), isNull(userNotifications.readAt)))
        .returning({ id: userNotifications.id });
      return ok(marked.length);
    },
  );
}
