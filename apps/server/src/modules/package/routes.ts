import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { appSyncResultSchema, envelopeSchema, idParamSchema, LOG_ACTION, LOG_OBJECT, servicePackageResource, unitPackageResource } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { packageServices } from '../../db/schema/index.ts';
import { auditedChange } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { scopeOf } from '../../platform/resource/scope.ts';
import { queueAppSync } from '../provisioning/changes.ts';
import { servicePackageStore } from './service-package-store.ts';
import { unitPackageStore } from './unit-package-store.ts';
import { registerUpgradeRoutes } from './upgrade-routes.ts';

/** Service packs (/package/package-manage) and what units hold of them. */
export function registerPackageRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, servicePackageResource, servicePackageStore);
  const unitPacks = unitPackageStore(ctx.clock);
  registerResource(app, ctx, unitPackageResource, unitPacks);
  registerUpgradeRoutes(app, ctx);

  // Sync: the unit's users and groups of every service of the pack are delivered again to the apps.
  const syncAudit = { object: LOG_OBJECT.unitServicePackage, action: LOG_ACTION.sync } as const;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/PackageServiceChannel/SyncBaseApp/:id',
    {
      config: { access: 'PACKAGE_UNITPACKAGE_UPDATE', audit: syncAudit },
      schema: { tags: [unitPackageResource.name], params: idParamSchema, response: { 200: envelopeSchema(appSyncResultSchema) } },
    },
    async (request) =>
      ok(
        await auditedChange(ctx.db, request, syncAudit, async (tx, note) => {
          const held = await unitPacks.find(tx, request.params.id, scopeOf(request.actor));
          if (!held) throw notFound();
          note({ objectId: held.id, objectName: `${held.unitName} – ${held.packageName}`, unitId: held.unitId, content: JSON.stringify({ id: held.id }) });
          const inPack = await tx.select({ serviceId: packageServices.serviceId }).from(packageServices).where(eq(packageServices.packageId, held.packageId));
          let queued = 0;
          for (const { serviceId } of inPack) queued += await queueAppSync(tx, held.unitId, serviceId);
          return { queued };
        }),
      ),
  );
}
