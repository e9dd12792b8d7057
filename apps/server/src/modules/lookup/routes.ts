import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { STATUS, LOOKUP_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { categories, services } from '../../db/schema/index.ts';
import { activePacks } from '../package/service-package-store.ts';
import { registerCall } from '../../platform/call.ts';
import { allOf, keywordMatch, pageOf, totalOver, toPageResult } from '../../platform/resource/search.ts';

/** The lookup lists every signed-in user's forms read. */
export function registerLookupRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCall(app, LOOKUP_CALLS.categoriesOf, {}, async (request) =>
    (
      await ctx.db
        .select({ id: categories.id, code: categories.code, name: categories.name, sortOrder: categories.sortOrder, colorCode: categories.colorCode })
        .from(categories)
        .where(and(eq(categories.parentCode, request.params.code), eq(categories.status, STATUS.active)))
        .orderBy(asc(categories.sortOrder), asc(categories.name))
  ));

  registerCall(app, LOOKUP_CALLS.services, {}, async (request) => {
    const query = request.body;
    const page = pageOf(query);
    const where = allOf(
      query.status?.length ? inArray(services.status, query.status) : undefined,
      keywordMatch([services.name, services.code], query.keyword),
    );
    const rows = await ctx.db
      .select({
        id: services.id,
        code: services.code,
        name: services.name,
        groupCode: services.groupCode,
        link: services.link,
        redirectLink: services.redirectLink,
        status: services.status,
        total: totalOver,
      })
      .from(services)
      .where(where)
      .orderBy(asc(services.sortOrder), asc(services.name))
      .limit(page.limit)
      .offset(page.offset);
    return (
      await toPageResult(rows, ({ total: _total, ...item }) => item, page, async () => (await ctx.db.select({ n: count() }).from(services).where(where))[0]!.n)
    );
  });

  registerCall(app, LOOKUP_CALLS.activePacks, {}, // The packs on offer, as the upgrade screen offers them (one definition: activePacks).
  async () => (await activePacks(ctx.db)).map(({ id, name, level, userBand, expiryMonths }) => ({ id, name, level, userBand, expiryMonths })));
}
