import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, LOG_ACTION, LOG_OBJECT, serviceResource, serviceSecretRequestSchema, serviceSecretSchema } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { rotateClientSecret } from '../../identity/service-clients.ts';
import { auditedChange } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { PLATFORM_SCOPE } from '../../platform/resource/scope.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { serviceStore } from './service-store.ts';

/** Services (/service/service-manage): the standard calls and the client secret's rotation. */
export function registerServiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, serviceResource, serviceStore);

  const audit = { object: LOG_OBJECT.service, action: LOG_ACTION.edit };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/Channel/RotateClientSecret',
    {
      config: { access: 'SERVICE_MANAGER_EDIT', audit },
      schema: { tags: [serviceResource.name], body: serviceSecretRequestSchema, response: { 200: envelopeSchema(serviceSecretSchema) } },
    },
    async (request) =>
      ok(
        await auditedChange(ctx.db, request, audit, async (tx, note) => {
          const service = await serviceStore.find(tx, request.body.id, PLATFORM_SCOPE);
          if (!service) throw notFound();
          // The secret itself never reaches the log.
          note({ objectId: service.id, objectName: service.code, unitId: null, content: 'client secret rotated' });
          if (!service.clientId) throw new AppError('service.no_redirect_link', { errors: [{ field: 'body.id', message: 'invalid' }] });
          return { clientId: service.clientId, clientSecret: await rotateClientSecret(tx, ctx.secrets, ctx.clock, service.id) };
        }),
      ),
  );
}
