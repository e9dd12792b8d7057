import type { FastifyInstance } from 'fastify';
import { LOG_ACTION, LOG_OBJECT, serviceResource, UNIT_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { rotateClientSecret } from '../../identity/service-clients.ts';
import { auditedChange } from '../../platform/audit.ts';
import { registerCall } from '../../platform/call.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { PLATFORM_SCOPE } from '../../platform/resource/scope.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { serviceStore } from './service-store.ts';

/** Services (/service/service-manage): the standard calls and the client secret's rotation. */
export function registerServiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, serviceResource, serviceStore);

  const audit = { object: LOG_OBJECT.service, action: LOG_ACTION.edit };
  registerCall(app, UNIT_CALLS.rotateServiceSecret, { audit }, async (request) =>
    (
      await auditedChange(ctx.db, request, audit, async (tx, note) => {
        const service = await serviceStore.find(tx, request.body.id, PLATFORM_SCOPE);
        if (!service) throw notFound();
        // The secret itself never reaches the log.
        note({ objectId: service.id, objectName: service.code, unitId: null, content: 'client secret rotated' });
        if (!service.clientId) throw new AppError('service.no_redirect_link', { errors: [{ field: 'body.id', message: 'invalid' }] });
        return { clientId: service.clientId, clientSecret: await rotateClientSecret(tx, ctx.secrets, ctx.clock, service.id) };
      })
  ));
}
