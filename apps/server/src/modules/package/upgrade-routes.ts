import type { FastifyInstance } from 'fastify';

import { LOG_ACTION, LOG_OBJECT, upgradeRequestResource, UNIT_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { auditedChange, describeInput } from '../../platform/audit.ts';
import { registerCall } from '../../platform/call.ts';
import { notFound } from '../../platform/errors.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { scopeOf, unitOfCall } from '../../platform/resource/scope.ts';
import { registerTrial, unitOffer } from './unit-offer.ts';
import { advanceUpgradeRequest, requestUpgrade, upgradeRequestStore } from './upgrade-request-store.ts';

/**
 * The unit admin's upgrade and trial calls (/api/Unit/GetPackageChannelOfUnit/,
 * RequestUpdatePackageService, RegisterPackServiceTrial) and the requests' list for platform
 * staff (/api/UpgradeRequest), who mark them contacted or done. The rules live in
 * unit-offer.ts and upgrade-request-store.ts.
 */
export function registerUpgradeRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, upgradeRequestResource, upgradeRequestStore);

  registerCall(app, UNIT_CALLS.packOffer, {}, async (request) => {
    const offer = await unitOffer(ctx.db, scopeOf(request.actor), request.params.id, ctx.clock.now());
    if (!offer) throw notFound();
    return offer;
  });

  const requestAudit = { object: LOG_OBJECT.unitServicePackage, action: LOG_ACTION.add } as const;
  registerCall(app, UNIT_CALLS.requestUpgrade, { audit: requestAudit }, async (request) =>
    auditedChange(ctx.db, request, requestAudit, async (tx, note) =>
      requestUpgrade(tx, ctx, request.actor, unitOfCall(scopeOf(request.actor), request.body.unitId), request.body, note),
    ),
  );

  const confirmAudit = { object: LOG_OBJECT.unitServicePackage, action: LOG_ACTION.confirm } as const;
  registerCall(app, UNIT_CALLS.confirmUpgrade, { audit: confirmAudit }, async (request) =>
    auditedChange(ctx.db, request, confirmAudit, async (tx, note) => {
      const found = await upgradeRequestStore.find(tx, request.body.id, scopeOf(request.actor));
      if (!found) throw notFound();
      note({ objectId: found.id, objectName: found.unitName, unitId: found.unitId, content: describeInput(request.body) });
      await advanceUpgradeRequest(tx, found, request.body.state, request.actor.username, ctx.clock.now());
      return true;
    }),
  );

  const trialAudit = { object: LOG_OBJECT.unitServicePackage, action: LOG_ACTION.register } as const;
  registerCall(app, UNIT_CALLS.registerTrial, { audit: trialAudit }, async (request) =>
    auditedChange(ctx.db, request, trialAudit, async (tx, note) => {
      const unitId = unitOfCall(scopeOf(request.actor), request.body.unitId);
      note({ objectId: unitId, unitId, content: describeInput(request.body) });
      return registerTrial(tx, unitId, request.body.serviceId, ctx.clock.now(), note);
    }),
  );
}
