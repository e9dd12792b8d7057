import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminAccountResource, envelopeSchema, listMenusSchema, unitUserResource, userProfileSchema } from '@portal/contracts';
import { registerResource } from '../../platform/resource/register.ts';
import { adminAccountStore } from './admin-account-store.ts';
import { registerUnitAdminRoutes } from './unit-admin-routes.ts';
import { unitUserStore } from './unit-user-store.ts';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../platform/envelope.ts';
import { menusFor } from './menus.ts';
import { profileOf } from './profile.ts';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  registerResource(app, ctx, adminAccountResource, adminAccountStore);
  registerResource(app, ctx, unitUserResource, unitUserStore);
  registerUnitAdminRoutes(app, ctx);

  routes.get(
    '/api/User/GetUserProfileCurrent',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['User'], response: { 200: envelopeSchema(userProfileSchema) } },
    },
    async (request) => ok(profileOf(request.actorRecord)),
  );

  routes.get(
    '/api/User/GetListMenus',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['User'], response: { 200: envelopeSchema(listMenusSchema) } },
    },
    async (request) => ok(await menusFor(ctx.db, request.actor)),
  );
}
