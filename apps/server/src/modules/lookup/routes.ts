import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  activePackageSchema,
  categoryCodeParamSchema,
  categoryItemSchema,
  channelItemSchema,
  channelSearchSchema,
  envelopeSchema,
  pageResultSchema,
  STATUS,
} from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { categories, services } from '../../db/schema/index.ts';
import { activePacks } from '../package/service-package-store.ts';
import { ok } from '../../platform/envelope.ts';
import { allOf, keywordMatch, pageOf, totalOver, toPageResult } from '../../platform/resource/search.ts';

/** The lookup lists every signed-in user's forms read. */
export function registerLookupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Lookup'];

  routes.get(
    '/api/Category/GetByParentCode/:code',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: categoryCodeParamSchema, response: { 200: envelopeSchema(z.array(categoryItemSchema)) } },
    },
    async (request) =>
      ok(
        await ctx.db
          .select({ id: categories.id, code: categories.code, name: categories.name, sortOrder: categories.sortOrder, colorCode: categories.colorCode })
          .from(categories)
          .where(and(eq(categories.parentCode, request.params.code), eq(categories.status, STATUS.active)))
          .orderBy(asc(categories.sortOrder), asc(categories.name)),
      ),
  );

  routes.post(
    '/api/Channel/SearchChannelPage',
    {
      config: { access: 'signed-in' },
      schema: { tags, body: channelSearchSchema, response: { 200: envelopeSchema(pageResultSchema(channelItemSchema)) } },
    },
    async (request) => {
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
      return ok(
        await toPageResult(rows, ({ total: _total, ...item }) => item, page, async () => (await ctx.db.select({ n: count() }).from(services).where(where))[0]!.n),
      );
    },
  );

  routes.get(
    '/api/ChannelPackage/GetAllActive',
    {
      config: { access: 'signed-in' },
      schema: { tags, response: { 200: envelopeSchema(z.array(activePackageSchema)) } },
    },
    // The packs on offer, as the upgrade screen offers them (one definition: activePacks).
    async () => ok((await activePacks(ctx.db)).map(({ id, name, level, userBand, expiryMonths }) => ({ id, name, level, userBand, expiryMonths }))),
  );
}
