import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, sendMailElearningSchema, unitResource } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { languageOf } from '../../platform/language.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { PLATFORM_SCOPE } from '../../platform/resource/scope.ts';
import { unitStore } from './unit-store.ts';

export function registerUnitRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, unitResource, unitStore);

  /** Sends the unit's administrator the e-learning account information. */
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/Unit/SendMailElearning',
    {
      config: { access: 'UNIT_ENTERPRISE_SEND' },
      schema: { tags: ['Unit'], body: sendMailElearningSchema, response: { 200: envelopeSchema(z.boolean()) } },
    },
    async (request) => {
      const unit = await unitStore.find(ctx.db, request.body.id, PLATFORM_SCOPE);
      if (!unit?.adminEmail || !unit.adminUsername) throw notFound();
      await ctx.mailer.send(ctx.db, {
        kind: 'elearningAccount',
        to: unit.adminEmail,
        language: languageOf(request),
        params: { unitName: unit.name, username: unit.adminUsername, elearningUrl: ctx.config.elearningUrl },
      });
      return ok(true);
    },
  );
}
