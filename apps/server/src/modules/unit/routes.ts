import type { FastifyInstance } from 'fastify';
import { unitResource, UNIT_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { registerCall } from '../../platform/call.ts';
import { notFound } from '../../platform/errors.ts';
import { languageOf } from '../../platform/language.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { PLATFORM_SCOPE } from '../../platform/resource/scope.ts';
import { unitStore } from './unit-store.ts';

export function registerUnitRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, unitResource, unitStore);

  /** Sends the unit's administrator the e-learning account information. */
  registerCall(app, UNIT_CALLS.sendMailElearning, {}, async (request) => {
    const unit = await unitStore.find(ctx.db, request.body.id, PLATFORM_SCOPE);
    if (!unit?.adminEmail || !unit.adminUsername) throw notFound();
    await ctx.mailer.send(ctx.db, {
      kind: 'elearningAccount',
      to: unit.adminEmail,
      language: languageOf(request),
      params: { unitName: unit.name, username: unit.adminUsername, elearningUrl: ctx.config.elearningUrl },
    });
    return true;
  });
}
