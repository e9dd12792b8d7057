import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { USER_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { users } from '../../db/schema/index.ts';
import { loadActor } from '../../platform/actor.ts';
import { registerCall } from '../../platform/call.ts';
import { profileOf } from '../user/profile.ts';

/** Account information: the signed-in user edits their names, mobile and description. */
export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCall(app, USER_CALLS.updateProfile, {}, async (request) => {
    const { firstName, lastName, mobile, description } = request.body;
    await ctx.db
      .update(users)
      .set({ firstName, lastName, fullName: `${lastName} ${firstName}`, mobile, description: description || null })
      .where(eq(users.id, request.actor.userId));
    return profileOf((await loadActor(ctx.db, request.actor.userId))!, ctx.clock.now());
  });
}
