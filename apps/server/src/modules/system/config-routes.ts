import type { FastifyInstance } from 'fastify';
import { configDataDefaultResource, configDataResource, LOG_ACTION, LOG_OBJECT, CONFIG_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { configData, configDataDefaults } from '../../db/schema/index.ts';
import { auditedChange } from '../../platform/audit.ts';
import { registerCall } from '../../platform/call.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { configStore, restoreDefaults } from './config-store.ts';

const sync = { object: LOG_OBJECT.systemConfig, action: LOG_ACTION.sync };

/** /api/ConfigData and /api/ConfigDataDefault, and the sync list that restores the first from the second. */
export function registerConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, configDataResource, configStore(configData));
  registerResource(app, ctx, configDataDefaultResource, configStore(configDataDefaults));

  // Every default becomes the setting of its key again (config-store.ts).
  registerCall(app, CONFIG_CALLS.syncFromDefault, { audit: sync }, async (request) =>
    auditedChange(ctx.db, request, sync, async (tx, note) => {
      const counts = await restoreDefaults(tx);
      note({ objectName: configDataDefaultResource.name, content: JSON.stringify(counts) });
      return counts;
    }),
  );
}
