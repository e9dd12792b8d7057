import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { configDataDefaultResource, configDataResource, LOG_ACTION, LOG_OBJECT, CONFIG_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { configData, configDataDefaults } from '../../db/schema/index.ts';
import { auditedChange } from '../../platform/audit.ts';
import { registerCall } from '../../platform/call.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { configStore } from './config-store.ts';

const sync = { object: LOG_OBJECT.systemConfig, action: LOG_ACTION.sync };

/** /api/ConfigData and /api/ConfigDataDefault, and the sync list that restores the first from the second. */
export function registerConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, configDataResource, configStore(configData));
  registerResource(app, ctx, configDataDefaultResource, configStore(configDataDefaults));

  // Every default becomes the setting of its key again; settings without a default stay.
  registerCall(app, CONFIG_CALLS.syncFromDefault, { audit: sync }, async (request) =>
    (
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
      })
  ));
}
