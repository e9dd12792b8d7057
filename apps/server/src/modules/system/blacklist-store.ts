import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { BlacklistKind, BlacklistRecord, BlacklistResource, BlacklistSortField } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { blacklistDomains, blacklistExceptions, blacklistSubdomains } from '../../db/schema/index.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { allOf, keywordMatch, sortedBy, totalOver, toPageResult } from '../../platform/resource/search.ts';

/** Each list's table and the column holding its value. */
const LISTS = {
  domain: { table: blacklistDomains, value: blacklistDomains.domain, field: 'domain' },
  subdomain: { table: blacklistSubdomains, value: blacklistSubdomains.subdomain, field: 'subdomain' },
  exception: { table: blacklistExceptions, value: blacklistExceptions.email, field: 'email' },
} as const;

/** By the value as its unique index holds it (lower(…)), or by when it was listed ((created_at, id)). */
export const BLACKLIST_SORT = (table: typeof blacklistDomains, value: typeof blacklistDomains.domain) =>
  ({ value: sql`lower(${value})`, createdAt: table.createdAt }) satisfies Record<BlacklistSortField, unknown>;

/** The store of one list; sign-up and account changes read the same tables (identity/email-domain.ts). */
export function blacklistStore(kind: BlacklistKind): ResourceStore<BlacklistResource> {
  // The three tables differ only in the name of their value column: handled as the first.
  const { table, value, field } = LISTS[kind] as unknown as { table: typeof blacklistDomains; value: typeof blacklistDomains.domain; field: 'domain' };
  const select = (db: Queryable, where: SQL | undefined) =>
    db.select({ id: table.id, value, status: table.status, createdAt: table.createdAt, total: totalOver }).from(table).where(where);
  const toRecord = ({ total: _total, ...row }: Omit<BlacklistRecord, 'createdAt'> & { createdAt: Date; total: number }): BlacklistRecord => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
  });

  const sortKeys = BLACKLIST_SORT(table, value);

  return {
    async search(db, query, page) {
      const where = allOf(query.status === undefined ? undefined : eq(table.status, query.status), keywordMatch([value], query.keyword));
      const order = sortedBy(query.sort, sortKeys, table.id, [asc(value)]);
      const rows = await select(db, where).orderBy(...order).limit(page.limit).offset(page.offset);
      return toPageResult(rows, toRecord, page, async () => (await db.select({ n: count() }).from(table).where(where))[0]!.n);
    },
    async find(db, id) {
      const [row] = await select(db, eq(table.id, id));
      return row && toRecord(row);
    },
    describe: (record) => ({ id: record.id, name: record.value, unitId: null }),
    async create(tx, input) {
      const [row] = await tx.insert(table).values({ [field]: input.value }).returning({ id: table.id });
      return { id: row!.id, name: input.value, unitId: null };
    },
    async update(tx, existing, input) {
      await tx.update(table).set({ [field]: input.value }).where(eq(table.id, existing.id));
    },
    async remove(tx, existing) {
      await tx.delete(table).where(eq(table.id, existing.id));
    },
    async setStatus(tx, existing, status) {
      await tx.update(table).set({ status }).where(eq(table.id, existing.id));
    },
  };
}
