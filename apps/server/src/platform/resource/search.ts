import { and, asc, Column, count, desc, ilike, inArray, is, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { SEARCH_EXACT_COUNT, type PageRequest, type PageResult, type SortRequest } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';

export interface SearchPage {
  limit: number;
  offset: number;
}

/** Paging of a search request (pageIndex counts from 1). */
export function pageOf(query: Pick<Required<PageRequest>, 'pageIndex' | 'pageSize'>): SearchPage {
  return { limit: query.pageSize, offset: (query.pageIndex - 1) * query.pageSize };
}

/** Every matching row, for an export: enough for any real list, bounded all the same. */
export const EXPORT_PAGE: SearchPage = { limit: 100_000, offset: 0 };

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Rows whose columns contain the keyword, case-insensitively; no condition for an empty keyword. */
export function keywordMatch(columns: readonly Column[], keyword: string | undefined): SQL | undefined {
  const term = keyword?.trim();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

type SortKey = Column | SQL;

/**
 * The order of a search: the user's sort when they asked for one (the column the contract let
 * them name, then the id, so that rows with equal values keep one order across pages),
 * else the list's own order. `columns` maps each sortable field of the contract to its column,
 * or to several (a log sorted by user keeps each user's entries in time order).
 */
export function sortedBy<F extends string>(
  sort: SortRequest<F> | undefined,
  columns: Record<F, SortKey | readonly SortKey[]>,
  id: Column,
  natural: SQL[],
): SQL[] {
  if (!sort) return natural;
  const direction = sort.order === 'descend' ? desc : asc;
  const keys: readonly SortKey[] = Array.isArray(columns[sort.field]) ? (columns[sort.field] as readonly SortKey[]) : [columns[sort.field] as SortKey];
  return [...keys.map((key) => (mayBeNull(key) ? sql`${direction(key)} nulls last` : direction(key))), direction(id)];
}

/**
 * Empty values go last in either direction (a list sorted by expiry starts with real dates);
 * saying so of a column that is never empty would only stop PostgreSQL from reading a
 * descending sort backwards from an index (it does not reason from NOT NULL). An expression
 * given to sortedBy is taken as never empty: lower(…) of a required text, coalesce(…).
 */
function mayBeNull(key: SortKey): boolean {
  return is(key, Column) && !key.notNull;
}

/** ANDs the conditions that are present. */
export function allOf(...conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}

/**
 * A reference to an outer query's column from inside a correlated subquery. Drizzle leaves
 * columns of a single-table query unqualified, where the subquery's own tables would shadow them.
 */
export function outer(table: string, column: string): SQL {
  return sql`${sql.identifier(table)}.${sql.identifier(column)}`;
}

/** `count(*) over ()`: the total of matching rows, carried on every row of the page. */
export const totalOver = sql<number>`cast(count(*) over () as integer)`;

/**
 * Turns rows carrying `total` into the list reply. A page past the end has no row to carry
 * the total, so `countAll` is asked then.
 */
export async function toPageResult<Row extends { total: number }, Rec>(
  rows: Row[],
  map: (row: Row) => Rec,
  page: SearchPage,
  countAll: () => Promise<number>,
): Promise<PageResult<Rec>> {
  const totalRecord = rows[0]?.total ?? (page.offset > 0 ? await countAll() : 0);
  return { records: rows.map(map), totalRecord };
}

/**
 * Rows whose text contains the keyword, case-insensitively, as one expression over the
 * columns: a trigram index on the same expression answers it without reading every row.
 */
export function keywordIn(text: SQL, keyword: string | undefined): SQL | undefined {
  const term = keyword?.trim();
  return term ? sql`${text} ilike ${`%${escapeLike(term)}%`}` : undefined;
}

/**
 * A page of a list that may hold millions of rows, in one statement: the page's ids are found
 * in index order (the database stops after offset + limit index entries), and only those rows
 * are read in full, by `fetch(inPage)`, which selects the rows `inPage` admits in `order` (the
 * page's order). The total is counted beside them (`countMatches`).
 */
export async function largePage<Rec>(
  db: Queryable,
  table: PgTable & { id: PgColumn },
  where: SQL | undefined,
  order: SQL[],
  page: SearchPage,
  fetch: (inPage: SQL) => Promise<Rec[]>,
): Promise<PageResult<Rec>> {
  const pageIds = db.select({ id: table.id }).from(table).where(where).orderBy(...order).limit(page.limit).offset(page.offset);
  const [records, total] = await Promise.all([fetch(inArray(table.id, pageIds)), countMatches(db, table, where)]);
  if (!total.capped) return { records, totalRecord: total.count };
  return { records, totalRecord: Math.max(total.count, page.offset + records.length), totalCapped: true };
}

/**
 * How many rows match: exactly up to SEARCH_EXACT_COUNT, else the planner's estimate. The
 * estimate is asked first (a plan, no rows read): when it says several times that many,
 * counting even the first SEARCH_EXACT_COUNT + 1 matches is skipped, since that scans every
 * row the filter passes over (100 ms for one status among a million users).
 */
async function countMatches(db: Queryable, table: PgTable, where: SQL | undefined): Promise<{ count: number; capped: boolean }> {
  // A new builder each time: Drizzle's builders change in place (the count's limit would end
  // up in the estimate).
  const matches = () => db.select({ one: sql`1` }).from(table).where(where);
  const estimate = planRows(await db.execute(sql`explain (format json) ${matches()}`));
  if (estimate > 2 * SEARCH_EXACT_COUNT) return { count: estimate, capped: true };
  const [counted] = await db.select({ n: count() }).from(matches().limit(SEARCH_EXACT_COUNT + 1).as('matches'));
  const exact = Number(counted!.n);
  return exact <= SEARCH_EXACT_COUNT ? { count: exact, capped: false } : { count: Math.max(estimate, exact), capped: true };
}

/** "Plan Rows" of an EXPLAIN (FORMAT JSON) answer, from either driver. */
function planRows(result: unknown): number {
  const rows = (result as { rows?: Record<string, unknown>[] }).rows ?? (result as Record<string, unknown>[]);
  const value = Object.values(rows[0]!)[0];
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: { 'Plan Rows': number } }[];
  return plan[0]!.Plan['Plan Rows'];
}
