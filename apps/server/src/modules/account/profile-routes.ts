import type { FastifyInstance } from 'fastify';
import { USER_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { loadActor } from '../../platform/actor.ts';
import { registerCall } from '../../platform/call.ts';
import { updateOwnDetails } from '../user/account-changes.ts';
import { profileOf } from '../user/profile.ts';

/** Account information: the signed-in user edits their names, mobile and description. */
export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCall(app, USER_CALLS.updateProfile, {}, async (request) => {
    await updateOwnDetails(ctx.db, request.actor.userId, request.body);
    return profileOf((await loadActor(ctx.db, request.actor.userId))!, ctx.clock.now());
  });
}
