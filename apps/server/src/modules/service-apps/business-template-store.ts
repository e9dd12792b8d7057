import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { BusinessTemplateRecord, businessTemplateResource, BusinessTemplateSortField } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { businessTemplates, services } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { allOf, keywordMatch, sortedBy, totalOver, toPageResult } from '../../platform/resource/search.ts';

/** A few templates per service: by name without case, service, last change or status. */
const TEMPLATE_SORT = {
  name: sql`lower(${businessTemplates.name})`,
  serviceName: [sql`lower(${services.name})`, sql`lower(${businessTemplates.name})`],
  updatedAt: businessTemplates.updatedAt,
  status: businessTemplates.status,
} satisfies Record<BusinessTemplateSortField, unknown>;

const select = (db: Queryable, where: SQL | undefined) =>
  db
    .select({ row: businessTemplates, serviceName: services.name, total: totalOver })
    .from(businessTemplates)
    .innerJoin(services, eq(services.id, businessTemplates.serviceId))
    .where(where);

type Row = Awaited<ReturnType<typeof select>>[number];
const toRecord = ({ row, serviceName }: Row): BusinessTemplateRecord => ({
  id: row.id,
  serviceId: row.serviceId,
  serviceName,
  name: row.name,
  description: row.description,
  content: row.content,
  isDefault: row.isDefault,
  status: row.status,
  updatedAt: row.updatedAt.toISOString(),
});

type Input = { serviceId: string; name: string; description?: string | null; content: string; isDefault: boolean };

/** The service must exist; a new default takes the place of the service's former one. */
async function stored(tx: Transaction, input: Input, exceptId?: string) {
  const [service] = await tx.select({ id: services.id }).from(services).where(eq(services.id, input.serviceId));
  if (!service) throw new AppError('data.not_found', { errors: [{ field: 'body.serviceId', message: 'invalid' }] });
  if (input.isDefault) {
    await tx
      .update(businessTemplates)
      .set({ isDefault: false })
      .where(and(eq(businessTemplates.serviceId, input.serviceId), eq(businessTemplates.isDefault, true), exceptId ? ne(businessTemplates.id, exceptId) : undefined));
  }
  return { serviceId: input.serviceId, name: input.name, description: input.description ?? null, content: input.content, isDefault: input.isDefault };
}

/** Platform objects: every administrator with the template permission sees them all. */
export const businessTemplateStore: ResourceStore<typeof businessTemplateResource> = {
  async search(db, query, page) {
    const where = allOf(
      query.serviceId === undefined ? undefined : eq(businessTemplates.serviceId, query.serviceId),
      query.status === undefined ? undefined : eq(businessTemplates.status, query.status),
      keywordMatch([businessTemplates.name], query.keyword),
    );
    const rows = await select(db, where).orderBy(...sortedBy(query.sort, TEMPLATE_SORT, businessTemplates.id, [asc(services.sortOrder), asc(businessTemplates.name)])).limit(page.limit).offset(page.offset);
    return toPageResult(rows, toRecord, page, async () => (await db.select({ n: count() }).from(businessTemplates).where(where))[0]!.n);
  },
  async find(db, id) {
    const [found] = await select(db, eq(businessTemplates.id, id));
    return found && toRecord(found);
  },
  describe: (template) => ({ id: template.id, name: template.name, unitId: null }),
  async create(tx, input) {
    const [row] = await tx.insert(businessTemplates).values(await stored(tx, input)).returning({ id: businessTemplates.id });
    return { id: row!.id, name: input.name, unitId: null };
  },
  async update(tx, existing, input) {
    await tx.update(businessTemplates).set(await stored(tx, input, existing.id)).where(eq(businessTemplates.id, existing.id));
  },
  async remove(tx, existing) {
    await tx.delete(businessTemplates).where(eq(businessTemplates.id, existing.id));
  },
  async setStatus(tx, existing, status) {
    await tx.update(businessTemplates).set({ status }).where(eq(businessTemplates.id, existing.id));
  },
};
