import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardRequestSchema, envelopeSchema, platformDashboardSchema, unitDashboardSchema } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { ok } from '../../platform/envelope.ts';
import { platformDashboard, unitDashboard } from './dashboards.ts';

/** The dashboards (section 3): the platform's figures and a unit's, from the activity counters. */
export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: 'DASHBOARD_MANAGEMENT_ACCESS' } as const;

  routes.post(
    '/api/Dashboard/ActivityStatisticUnit',
    { config: access, schema: { tags: ['Dashboard'], body: dashboardRequestSchema, response: { 200: envelopeSchema(platformDashboardSchema) } } },
    async (request) => ok(await platformDashboard(ctx.db, ctx.realtime, ctx.clock, request.actor, request.body)),
  );

  routes.post(
    '/api/Dashboard/ActivityStatisticsByUser',
    { config: access, schema: { tags: ['Dashboard'], body: dashboardRequestSchema, response: { 200: envelopeSchema(unitDashboardSchema) } } },
    async (request) => ok(await unitDashboard(ctx.db, ctx.realtime, request.actor, request.body)),
  );
}
