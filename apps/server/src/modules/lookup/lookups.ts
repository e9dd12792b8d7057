import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { STATUS, type activePackageSearchSchema, type categoryOptionSearchSchema, type channelSearchSchema } from '@portal/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { categories, servicePackages, services } from '../../db/schema/index.ts';
import { packOnOffer } from '../../identity/packs.ts';
import { activePacks } from '../package/service-package-store.ts';
import { allOf, keywordMatch, totalOver, toPageResult, type SearchPage } from '../../platform/resource/search.ts';

const categoryItem = { id: categories.id, code: categories.code, name: categories.name, sortOrder: categories.sortOrder, colorCode: categories.colorCode };
const activeOf = (parentCode: string) => and(eq(categories.parentCode, parentCode), eq(categories.status, STATUS.active))!;

/** The active entries of one category list, in their order. */
export async function categoriesOf(db: Queryable, parentCode: string) {
  return db.select(categoryItem).from(categories).where(activeOf(parentCode)).orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** A page of them, by a keyword in the name or code, or those of some codes, in the same order. */
export async function searchCategoriesOf(db: Queryable, parentCode: string, query: Pick<z.infer<typeof categoryOptionSearchSchema>, 'keyword' | 'codes'>, page: SearchPage) {
  const where = allOf(activeOf(parentCode), query.codes ? inArray(categories.code, query.codes) : undefined, keywordMatch([categories.name, categories.code], query.keyword));
  const rows = await db
    .select({ ...categoryItem, total: totalOver })
    .from(categories)
    .where(where)
    .orderBy(asc(categories.sortOrder), asc(categories.name), asc(categories.id))
    .limit(page.limit)
    .offset(page.offset);
  return toPageResult(rows, ({ total: _total, ...item }) => item, page, async () => (await db.select({ n: count() }).from(categories).where(where))[0]!.n);
}

/** A page of the services, by status and a keyword in the name or code. */
export async function searchServices(db: Queryable, query: Pick<z.infer<typeof channelSearchSchema>, 'status' | 'keyword'>, page: SearchPage) {
  const where = allOf(query.status?.length ? inArray(services.status, query.status) : undefined, keywordMatch([services.name, services.code], query.keyword));
  const rows = await db
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
  return toPageResult(rows, ({ total: _total, ...item }) => item, page, async () => (await db.select({ n: count() }).from(services).where(where))[0]!.n);
}

/** A page of the packs on offer (packOnOffer, as activePacks), by a keyword in the name, or those of some ids; by name. */
export async function searchActivePacks(db: Queryable, query: Pick<z.infer<typeof activePackageSearchSchema>, 'keyword' | 'ids'>, page: SearchPage) {
  const where = allOf(packOnOffer(), query.ids ? inArray(servicePackages.id, query.ids) : undefined, keywordMatch([servicePackages.name], query.keyword));
  const rows = await db
    .select({ id: servicePackages.id, name: servicePackages.name, level: servicePackages.level, userBand: servicePackages.userBand, expiryMonths: servicePackages.expiryMonths, total: totalOver })
    .from(servicePackages)
    .where(where)
    .orderBy(asc(servicePackages.name), asc(servicePackages.id))
    .limit(page.limit)
    .offset(page.offset);
  return toPageResult(rows, ({ total: _total, ...pack }) => pack, page, async () => (await db.select({ n: count() }).from(servicePackages).where(where))[0]!.n);
}

/** The packs on offer, as the upgrade screen offers them (one definition: activePacks), in the lookup's shape. */
export async function packOptions(db: Queryable) {
  return (await activePacks(db)).map(({ id, name, level, userBand, expiryMonths }) => ({ id, name, level, userBand, expiryMonths }));
}
