import type { FastifyInstance } from 'fastify';
import { integrateDefaultResource, integrateResource, LOG_ACTION, LOG_OBJECT, CONFIG_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { auditedChange } from '../../platform/audit.ts';
import { registerCall } from '../../platform/call.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { copyDefaultsInto, defaultIntegrationStore, unitIntegrationStore } from './integration-store.ts';

const init = { object: LOG_OBJECT.systemConfig, action: LOG_ACTION.sync };

/** /api/Integrate (a unit's own), /api/IntegrateDefault, and initialising a unit from the defaults. */
export function registerIntegrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, integrateResource, unitIntegrationStore(ctx.secrets, ctx.outbound));
  registerResource(app, ctx, integrateDefaultResource, defaultIntegrationStore(ctx.secrets, ctx.outbound));

  registerCall(app, CONFIG_CALLS.createDefaultIntegration, { audit: init }, async (request) =>
    (
      await auditedChange(ctx.db, request, init, async (tx, note) => {
        const created = await copyDefaultsInto(tx, request.body.unitId);
        note({ objectName: integrateResource.name, content: JSON.stringify({ unitId: request.body.unitId, created }) });
        return { created };
      })
  ));
}
