import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { configDataDefaultResource, configDataResource, configSyncResultSchema, envelopeSchema, LOG_ACTION, LOG_OBJECT } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { configData, configDataDefaults } from '../../db/schema/index.ts';
import { auditedChange } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { configStore } from './config-store.ts';

const sync = { object: LOG_OBJECT.systemConfig, action: LOG_ACTION.sync };

/** /api/ConfigData and /api/ConfigDataDefault, and the sync list that restores the first from the second. */
export function registerConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, configDataResource, configStore(configData));
  registerResource(app, ctx, configDataDefaultResource, configStore(configDataDefaults));

  // Every default becomes the setting of its key again; settings without a default stay.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/ConfigData/SyncFromDefault',
    {
      config: { access: configDataResource.permissions.update, audit: sync },
      schema: { tags: [configDataResource.name], response: { 200: envelopeSchema(configSyncResultSchema) } },
    },
    async (request) =>
      ok(
        await auditedChange(ctx.db, request, sync, async (tx, note) => {
          const defaults = await tx.select().from(configDataDefaults);
          let restored = 0;
          let added = 0;
          for (const entry of defaults) {
            const fields = { value: entry.value, valueType: entry.valueType, description: entry.description };
            const same = sql`upper(${configData.key}) = ${entry.key.toUpperCase()}`;
            const [current] = await tx.select({ value: configData.value, valueType: configData.valueType }).from(configData).where(same);
            if (!current) {
              await tx.insert(configData).values({ key: entry.key, ...fields });
              added += 1;
            } else if (current.value !== entry.value || current.valueType !== entry.valueType) {
              await tx.update(configData).set(fields).where(same);
              restored += 1;
            }
          }
          note({ objectName: configDataDefaultResource.name, content: JSON.stringify({ restored, added }) });
          return { restored, added };
        }),
      ),
  );
}
