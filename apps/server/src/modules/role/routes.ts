import type { FastifyInstance } from 'fastify';
import { LOG_OBJECT, PERMISSION_MATRIX_CALLS, roleResource } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { PLATFORM_SCOPE } from '../../platform/resource/scope.ts';
import { registerMatrixRoutes } from './matrix-routes.ts';
import { roleStore } from './role-store.ts';

export function registerRoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, roleResource, roleStore);
  registerMatrixRoutes(app, ctx, {
    calls: PERMISSION_MATRIX_CALLS.system,
    logObject: LOG_OBJECT.systemPermission,
    find: (db, roleId) => roleStore.find(db, roleId, PLATFORM_SCOPE),
  });
}
