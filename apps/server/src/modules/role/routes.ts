import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignPermissionsQuerySchema,
  envelopeSchema,
  LOG_ACTION,
  LOG_OBJECT,
  permissionMatrixSchema,
  roleResource,
  savePermissionsSchema,
} from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { auditedChange, describeInput } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { permissionMatrix, savePermissions } from './permission-matrix.ts';
import { roleStore } from './role-store.ts';

const PLATFORM = { unitId: null };

export function registerRoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, roleResource, roleStore);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/Role/GetAssignPermissions',
    {
      config: { access: 'SYSTEM_PERMISSIONIAM_LIST' },
      schema: { tags: ['Role'], querystring: assignPermissionsQuerySchema, response: { 200: envelopeSchema(permissionMatrixSchema) } },
    },
    async (request) => {
      const role = await roleStore.find(ctx.db, request.query.roleId, PLATFORM);
      if (!role) throw notFound();
      return ok(await permissionMatrix(ctx.db, role));
    },
  );

  const audit = { object: LOG_OBJECT.systemPermission, action: LOG_ACTION.edit } as const;
  routes.post(
    '/api/Role/SavePermissions',
    {
      config: { access: 'SYSTEM_PERMISSIONIAM_UPDATE', audit },
      schema: { tags: ['Role'], body: savePermissionsSchema, response: { 200: envelopeSchema(z.boolean()) } },
    },
    async (request) =>
      ok(
        await auditedChange(ctx.db, request, audit, async (tx, note) => {
          const role = await roleStore.find(tx, request.body.roleId, PLATFORM);
          if (!role) throw notFound();
          note({ objectId: role.id, objectName: role.name, unitId: null, content: describeInput(request.body.permissions) });
          await savePermissions(tx, role, request.body.permissions, request.actor);
          return true;
        }),
      ),
  );
}
