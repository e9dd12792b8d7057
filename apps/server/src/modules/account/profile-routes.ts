import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { acceptingRecord, envelopeSchema, updateProfileRequestSchema, userProfileSchema } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/index.ts';
import { loadActor } from '../../platform/actor.ts';
import { ok } from '../../platform/envelope.ts';
import { profileOf } from '../user/profile.ts';

/** Account information: the signed-in user edits their names, mobile and description. */
export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/User/UpdateUserProfileCurrent',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['User'], body: acceptingRecord(updateProfileRequestSchema, userProfileSchema), response: { 200: envelopeSchema(userProfileSchema) } },
    },
    async (request) => {
      const { firstName, lastName, mobile, description } = request.body;
      await ctx.db
        .update(users)
        .set({ firstName, lastName, fullName: `${lastName} ${firstName}`, mobile, description: description || null })
        .where(eq(users.id, request.actor.userId));
      return ok(profileOf((await loadActor(ctx.db, request.actor.userId))!, ctx.clock.now()));
    },
  );
}
