import type { FastifyInstance } from 'fastify';
import { agencyResource, agencyRoleResource, agencyUnitResource, agencyUserResource, LOG_OBJECT, PERMISSION_MATRIX_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { scopeOf } from '../../platform/resource/scope.ts';
import { registerMatrixRoutes } from '../role/matrix-routes.ts';
import { agencyRoleStore, findAgencyRole } from './agency-role-store.ts';
import { agencyStore } from './agency-store.ts';
import { agencyUnitStore } from './agency-unit-store.ts';
import { agencyUserStore } from './agency-user-store.ts';

/** The agency CRM (/api/Agency/*): agencies, the units they brought, their roles and users. */
export function registerAgencyRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, agencyResource, agencyStore);
  registerResource(app, ctx, agencyUnitResource, agencyUnitStore);
  registerResource(app, ctx, agencyRoleResource, agencyRoleStore);
  registerResource(app, ctx, agencyUserResource, agencyUserStore);
  // The system roles' permission matrix, offering the agency-level permissions only.
  registerMatrixRoutes(app, ctx, {
    calls: PERMISSION_MATRIX_CALLS.agency,
    logObject: LOG_OBJECT.agencyRole,
    find: async (db, roleId, actor) => {
      const role = await findAgencyRole(db, roleId, scopeOf(actor));
      return role && { id: role.id, name: role.name, scope: 'agency' as const };
    },
  });
}
