import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { accessLogResource, USER_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/index.ts';
import { registerCall } from '../../platform/call.ts';
import { notFound } from '../../platform/errors.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { scopeOf } from '../../platform/resource/scope.ts';
import { accessLogStore, searchDevices } from './device-search.ts';

/** The device log (sign-in devices by unit, by user): the access log screen's calls. */
export function registerDeviceRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, accessLogResource, accessLogStore);

  registerCall(app, USER_CALLS.devicesOfUser, {}, async (request) => {
    const { actor } = request;
    const scope = actor.unitId ? and(eq(users.id, request.body.userId), eq(users.unitId, actor.unitId)) : eq(users.id, request.body.userId);
    const [user] = await ctx.db.select({ id: users.id }).from(users).where(scope);
    if (!user) throw notFound();
    return await searchDevices(ctx.db, scopeOf(actor), request.body);
  });
}
