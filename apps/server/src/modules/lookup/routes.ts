import type { FastifyInstance } from 'fastify';
import { LOOKUP_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { registerCall } from '../../platform/call.ts';
import { pageOf } from '../../platform/resource/search.ts';
import { categoriesOf, packOptions, searchActivePacks, searchCategoriesOf, searchServices } from './lookups.ts';

/** The lookup lists every signed-in user's forms read (lookups.ts). */
export function registerLookupRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCall(app, LOOKUP_CALLS.categoriesOf, {}, async (request) => categoriesOf(ctx.db, request.params.code));
  registerCall(app, LOOKUP_CALLS.services, {}, async (request) => searchServices(ctx.db, request.body, pageOf(request.body)));
  registerCall(app, LOOKUP_CALLS.activePacks, {}, async () => packOptions(ctx.db));
  registerCall(app, LOOKUP_CALLS.searchCategoriesOf, {}, async (request) => searchCategoriesOf(ctx.db, request.params.code, request.body, pageOf(request.body)));
  registerCall(app, LOOKUP_CALLS.searchActivePacks, {}, async (request) => searchActivePacks(ctx.db, request.body, pageOf(request.body)));
}
