import type { FastifyInstance } from 'fastify';
import { servicePackageResource, unitPackageResource } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { servicePackageStore } from './service-package-store.ts';
import { unitPackageStore } from './unit-package-store.ts';
import { registerUpgradeRoutes } from './upgrade-routes.ts';

/** Service packs (/package/package-manage) and what units hold of them. */
export function registerPackageRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, servicePackageResource, servicePackageStore);
  registerResource(app, ctx, unitPackageResource, unitPackageStore(ctx.clock));
  registerUpgradeRoutes(app, ctx);
}
