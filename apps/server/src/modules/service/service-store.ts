import { asc, count, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { BASE_SERVICES, type ServiceRecord, type serviceResource, type ServiceSortField } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { services } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { allOf, keywordMatch, sortedBy, totalOver, toPageResult } from '../../platform/resource/search.ts';

/** The suite's services (tens): by name or code without case, creation or status. */
const SERVICE_SORT = { name: sql`lower(${services.name})`, code: sql`lower(${services.code})`, createdAt: services.createdAt, status: services.status } satisfies Record<ServiceSortField, unknown>;

const BASE_CODES = new Set<string>(BASE_SERVICES.map((service) => service.code));

function select(db: Queryable, where: SQL | undefined) {
  const { clientSecretSealed, updatedAt: _updatedAt, ...columns } = getTableColumns(services);
  return db
    .select({ ...columns, hasSecret: clientSecretSealed, total: totalOver })
    .from(services)
    .where(where);
}

type Row = Awaited<ReturnType<typeof select>>[number];
function toRecord({ total: _total, hasSecret, clientSecretRotatedAt, createdAt, ...row }: Row): ServiceRecord {
  return {
    ...row,
    clientId: row.redirectLink ? row.code : null,
    hasClientSecret: hasSecret !== null,
    clientSecretRotatedAt: clientSecretRotatedAt?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
  };
}

export const serviceStore: ResourceStore<typeof serviceResource> = {
  async search(db, query, page) {
    const where = allOf(
      query.status === undefined ? undefined : eq(services.status, query.status),
      query.groupCode ? eq(services.groupCode, query.groupCode) : undefined,
      keywordMatch([services.code, services.name], query.keyword),
    );
    const rows = await select(db, where).orderBy(...sortedBy(query.sort, SERVICE_SORT, services.id, [asc(services.sortOrder), asc(services.name)])).limit(page.limit).offset(page.offset);
    return toPageResult(rows, toRecord, page, async () => (await db.select({ n: count() }).from(services).where(where))[0]!.n);
  },
  async find(db, id) {
    const [row] = await select(db, eq(services.id, id));
    return row && toRecord(row);
  },
  describe: (service) => ({ id: service.id, name: service.code, unitId: null }),
  async create(tx, input) {
    const [row] = await tx.insert(services).values(input).returning({ id: services.id });
    return { id: row!.id, name: input.code, unitId: null };
  },
  async update(tx, existing, input) {
    // The suite's own services are known by code (the portal, the sample apps' clients).
    if (BASE_CODES.has(existing.code) && input.code !== existing.code) {
      throw new AppError('service.base_service', { errors: [{ field: 'body.code', message: 'invalid' }] });
    }
    const { id: _id, ...fields } = input;
    await tx.update(services).set(fields).where(eq(services.id, existing.id));
  },
  async remove(tx, existing) {
    if (BASE_CODES.has(existing.code)) throw new AppError('service.base_service');
    await tx.delete(services).where(eq(services.id, existing.id));
  },
  async setStatus(tx, existing, status) {
    await tx.update(services).set({ status }).where(eq(services.id, existing.id));
  },
};
