import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { registerCall } from '../../platform/call.ts';
import { AppError } from '../../platform/errors.ts';
import { latestNotifications, markRead, storeNotification } from './notification-store.ts';

/** Notifications: pushed by a service app to one of its users, listed in the user's header. */
export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCall(app, NOTIFICATION_CALLS.push, {}, async (request) => {
    const service = { code: request.appCaller.clientId, name: request.appCaller.name };
    const stored = await storeNotification(ctx.db, service, request.body, ctx.clock.now());
    if (!stored) throw new AppError('general.push_notify_failed', { errors: [{ field: 'body.username', message: 'invalid' }] });
    ctx.realtime.pullMessage(stored.userId, stored.notification);
    return stored.notification;
  });

  registerCall(app, NOTIFICATION_CALLS.mine, {}, async (request) => latestNotifications(ctx.db, request.actor.userId));

  registerCall(app, NOTIFICATION_CALLS.markRead, {}, async (request) => markRead(ctx.db, request.actor.userId, request.body.ids, ctx.clock.now()));
}
