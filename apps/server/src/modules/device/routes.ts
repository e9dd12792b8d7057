import type { FastifyInstance } from 'fastify';
import { accessLogResource, USER_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { registerCall } from '../../platform/call.ts';
import { notFound } from '../../platform/errors.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { scopeOf } from '../../platform/resource/scope.ts';
import { accessLogStore, deviceOwnerWithin, searchDevices } from './device-search.ts';

/** The device log (sign-in devices by unit, by user): the access log screen's calls. */
export function registerDeviceRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, accessLogResource, accessLogStore);

  registerCall(app, USER_CALLS.devicesOfUser, {}, async (request) => {
    const { actor } = request;
    if (!(await deviceOwnerWithin(ctx.db, actor.unitId, request.body.userId))) throw notFound();
    return await searchDevices(ctx.db, scopeOf(actor), request.body);
  });
}
