import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { accessLogResource, deviceByUserIdSchema, envelopeSchema, pageResultSchema, userDeviceSchema } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/index.ts';
import { ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { scopeOf } from '../../platform/resource/scope.ts';
import { accessLogStore, searchDevices } from './device-search.ts';

/** The device log (sign-in devices by unit, by user): the access log screen's calls. */
export function registerDeviceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: envelopeSchema(pageResultSchema(userDeviceSchema)) };
  registerResource(app, ctx, accessLogResource, accessLogStore);

  routes.post(
    '/api/UserDevice/GetDeviceByUserId',
    { config: { access: 'LOG_ACCESS_LIST' }, schema: { tags: ['UserDevice'], body: deviceByUserIdSchema, response } },
    async (request) => {
      const { actor } = request;
      const scope = actor.unitId ? and(eq(users.id, request.body.userId), eq(users.unitId, actor.unitId)) : eq(users.id, request.body.userId);
      const [user] = await ctx.db.select({ id: users.id }).from(users).where(scope);
      if (!user) throw notFound();
      return ok(await searchDevices(ctx.db, scopeOf(actor), request.body));
    },
  );
}
