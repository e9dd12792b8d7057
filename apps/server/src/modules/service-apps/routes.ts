import type { FastifyInstance } from 'fastify';
import {
  APP_OBJECT_OPTIONS_CALLS,
  APP_OBJECT_RESOURCES,
  APP_SYNC_CALLS,
  appUserResource,
  businessTemplateResource,
  LOG_ACTION,
  LOG_OBJECT,
  SERVICE_APP_CALLS,
  unitChannelResource,
} from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { auditedChange, describeInput } from '../../platform/audit.ts';
import { registerCall } from '../../platform/call.ts';
import { notFound } from '../../platform/errors.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { scopeOf, unitOfCall } from '../../platform/resource/scope.ts';
import { appObjectChanged } from '../provisioning/changes.ts';
import { activeAppObjectOptions, appObjectStore } from './app-object-store.ts';
import { enqueueDeliveries } from '../../platform/outbox/provisioning-queue.ts';
import { pushOutcome } from '../provisioning/push-outcome.ts';
import { appRefusal } from './app-refusal.ts';
import { businessTemplateStore } from './business-template-store.ts';
import { startSync, syncStatus } from './app-sync.ts';
import { appUserStore } from './app-user-store.ts';
import { findUnitUser, resetUnitUserPassword } from '../user/unit-user-store.ts';
import { unitChannelStore } from './unit-channel-store.ts';
import { assertUnitHasService, serviceCodeOf } from './unit-services.ts';

/** Per-service roles, profiles, user groups and users of units (/api/AppRole, /api/AppProfile, /api/AppUserGroup, /api/AppUser). */
export function registerServiceAppRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const contract of APP_OBJECT_RESOURCES) {
    registerResource(app, ctx, contract, appObjectStore(contract.kind, appObjectChanged));
    // The specification's call takes a null payload.
    registerCall(app, APP_OBJECT_OPTIONS_CALLS[contract.name]!, {}, async (request) =>
      activeAppObjectOptions(ctx.db, contract.kind, scopeOf(request.actor), request.body ?? {}),
    );
  }

  registerResource(app, ctx, appUserResource, { ...appUserStore, answerSaved: (id, scope) => appRefusal(ctx, id, scope) });
  registerResource(app, ctx, unitChannelResource, unitChannelStore(ctx.clock));

  // Sync: every user and group of one unit's app is delivered again, as the portal holds it,
  // until the app matches (app-sync.ts). Offered by the app-user, role, profile and group screens.
  for (const contract of [appUserResource, ...APP_OBJECT_RESOURCES]) {
    const calls = APP_SYNC_CALLS[contract.name]!;
    const syncAudit = { object: contract.logObject!, action: LOG_ACTION.sync } as const;
    registerCall(app, calls.start, { audit: syncAudit }, async (request) =>
      auditedChange(ctx.db, request, syncAudit, async (tx, note) => {
        const unitId = unitOfCall(scopeOf(request.actor), request.body.unitId);
        const { serviceId } = request.body;
        await assertUnitHasService(tx, ctx.clock.now(), unitId, serviceId);
        note({ objectId: unitId, objectName: (await serviceCodeOf(tx, serviceId)) ?? serviceId, unitId, content: describeInput(request.body) });
        return startSync(tx, ctx.clock, { unitId, serviceId, startedBy: request.actor.userId });
      }),
    );

    // The screen polls this until the sync is done: progress, then success or what failed and why.
    registerCall(app, calls.status, {}, async (request) => {
      const status = await syncStatus(ctx.db, request.body.syncId, scopeOf(request.actor));
      if (!status) throw notFound();
      return status;
    });
  }

  // Reset password of an app user: the person signs in to every app through the portal, so it
  // is their portal password that is replaced and mailed (and their app sessions end).
  const resetAudit = { object: LOG_OBJECT.userByUnit, action: LOG_ACTION.edit } as const;
  registerCall(app, SERVICE_APP_CALLS.resetAppUserPassword, { audit: resetAudit }, async (request) =>
    auditedChange(ctx.db, request, resetAudit, async (tx, note, afterCommit) => {
      const scope = scopeOf(request.actor);
      const appUser = await appUserStore.find(tx, request.body.id, scope);
      const user = appUser && (await findUnitUser(tx, appUser.userId, scope));
      if (!user) throw notFound();
      note({ objectId: appUser.id, objectName: `${appUser.serviceCode}: ${user.username}`, unitId: user.unitId, content: 'reset password' });
      await resetUnitUserPassword(tx, user, { request, actor: request.actor, scope, app: ctx, note, afterCommit });
      return true;
    }),
  );

  // Business-information templates, and pushing one into a unit's app of its service.
  registerResource(app, ctx, businessTemplateResource, businessTemplateStore);
  const templateAudit = { object: LOG_OBJECT.unit, action: LOG_ACTION.sync } as const;
  registerCall(app, SERVICE_APP_CALLS.pushTemplate, { audit: templateAudit }, async (request) => {
    const queued = await auditedChange(ctx.db, request, templateAudit, async (tx, note) => {
      const template = await businessTemplateStore.find(tx, request.params.id, scopeOf(request.actor));
      if (!template) throw notFound();
      const { unitId } = request.body;
      await assertUnitHasService(tx, ctx.clock.now(), unitId, template.serviceId);
      note({ objectId: unitId, objectName: template.name, unitId, content: describeInput({ templateId: template.id, unitId }) });
      return enqueueDeliveries(tx, [{ unitId, serviceId: template.serviceId, objectType: 'template', objectId: `${template.id}:${unitId}`, payload: { templateId: template.id } }]);
    });
    return pushOutcome(ctx, queued);
  });
}
