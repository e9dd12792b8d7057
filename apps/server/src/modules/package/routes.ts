import type { FastifyInstance } from 'fastify';
import { LOG_ACTION, LOG_OBJECT, servicePackageResource, unitPackageResource, UNIT_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { auditedChange } from '../../platform/audit.ts';
import { registerCall } from '../../platform/call.ts';
import { notFound } from '../../platform/errors.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { scopeOf } from '../../platform/resource/scope.ts';
import { pushOutcome } from '../provisioning/push-outcome.ts';
import { queuePackageSync } from './package-sync.ts';
import { servicePackageStore } from './service-package-store.ts';
import { unitPackageStore } from './unit-package-store.ts';
import { registerUpgradeRoutes } from './upgrade-routes.ts';

/** Service packs (/package/package-manage) and what units hold of them. */
export function registerPackageRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, servicePackageResource, servicePackageStore);
  const unitPackages = unitPackageStore(ctx.clock);
  registerResource(app, ctx, unitPackageResource, unitPackages);
  registerUpgradeRoutes(app, ctx);

  // What the unit bought is pushed into the app of each service of the pack (package-sync.ts).
  const syncAudit = { object: LOG_OBJECT.unitServicePackage, action: LOG_ACTION.sync } as const;
  registerCall(app, UNIT_CALLS.syncPack, { audit: syncAudit }, async (request) => {
    const queued = await auditedChange(ctx.db, request, syncAudit, async (tx, note) => {
      const held = await unitPackages.find(tx, request.params.id, scopeOf(request.actor));
      if (!held) throw notFound();
      note({ objectId: held.id, objectName: `${held.unitName}: ${held.packageName}`, unitId: held.unitId, content: 'sync to the apps' });
      return queuePackageSync(tx, held);
    });
    return await pushOutcome(ctx, queued);
  });
}
