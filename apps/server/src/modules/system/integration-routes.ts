import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, integrateDefaultResource, integrateResource, integrationInitResultSchema, integrationInitSchema, LOG_ACTION, LOG_OBJECT } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { auditedChange } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { copyDefaultsInto, defaultIntegrationStore, unitIntegrationStore } from './integration-store.ts';

const init = { object: LOG_OBJECT.systemConfig, action: LOG_ACTION.sync };

/** /api/Integrate (a unit's own), /api/IntegrateDefault, and initialising a unit from the defaults. */
export function registerIntegrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, integrateResource, unitIntegrationStore(ctx.secrets, ctx.outbound));
  registerResource(app, ctx, integrateDefaultResource, defaultIntegrationStore(ctx.secrets, ctx.outbound));

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/Integrate/CreateDefaultConfigData',
    {
      config: { access: integrateResource.permissions.create, audit: init },
      schema: { tags: [integrateResource.name], body: integrationInitSchema, response: { 200: envelopeSchema(integrationInitResultSchema) } },
    },
    async (request) =>
      ok(
        await auditedChange(ctx.db, request, init, async (tx, note) => {
          const created = await copyDefaultsInto(tx, request.body.unitId);
          note({ objectName: integrateResource.name, content: JSON.stringify({ unitId: request.body.unitId, created }) });
          return { created };
        }),
      ),
  );
}
