import type { FastifyInstance } from 'fastify';
import { packageServiceUnitsReport, serviceUnitsReport, serviceVisitReport } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { reportStore } from './report-store.ts';
import { packageServiceUnitsQuery, serviceUnitsQuery, serviceVisitQuery } from './reports.ts';

/** The reports of the report list (/report/list-report): each a read-only resource with its chart. */
export function registerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, serviceVisitReport, reportStore(serviceVisitQuery, ctx.clock));
  registerResource(app, ctx, packageServiceUnitsReport, reportStore(packageServiceUnitsQuery, ctx.clock));
  registerResource(app, ctx, serviceUnitsReport, reportStore(serviceUnitsQuery, ctx.clock));
}
