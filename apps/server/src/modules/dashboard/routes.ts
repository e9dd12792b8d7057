import type { FastifyInstance } from 'fastify';
import { DASHBOARD_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { registerCall } from '../../platform/call.ts';
import { platformDashboard, unitDashboard } from './dashboards.ts';

/** The dashboards (section 3): the platform's figures and a unit's, from the activity counters. */
export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCall(app, DASHBOARD_CALLS.platform, {}, async (request) => await platformDashboard(ctx.db, ctx.realtime, ctx.clock, request.actor, request.body));

  registerCall(app, DASHBOARD_CALLS.unit, {}, async (request) => await unitDashboard(ctx.db, ctx.realtime, request.actor, request.body));
}
