import type { FastifyInstance } from 'fastify';

import { PORTAL_SERVICE_CODE, USER_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { registerCall } from '../../platform/call.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import { appsFor, chooseDefaultApp } from './base-apps.ts';

/** The app switcher, /list-base-app and the default-redirect selector. */
export function registerAppRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCall(app, USER_CALLS.baseApps, {}, async (request) => await appsFor(ctx.db, request.actor, ctx.config.publicUrl, ctx.clock.now()));

  // The specification's dashboard call: the current user's services (the suite's apps they may
  // open, with whether a pack holding each is usable), without the portal itself.
  registerCall(app, USER_CALLS.myServices, {}, async (request) => (await appsFor(ctx.db, request.actor, ctx.config.publicUrl, ctx.clock.now())).filter((app) => app.baseAppCode !== PORTAL_SERVICE_CODE));

  registerCall(app, USER_CALLS.updateDefaultLogin, {}, async (request) => {
    const { actor } = request;
    // Platform staff have no default-redirect selector; nobody sets another user's choice.
    if (request.body.userId !== actor.userId || actor.isAdminIam || actor.isUserWebPortal) throw forbidden();
    if (!(await chooseDefaultApp(ctx.db, actor, request.body.channelCode, ctx.config.publicUrl, ctx.clock.now()))) throw new AppError('data.channel_not_allowed');
    return true;
  });
}
