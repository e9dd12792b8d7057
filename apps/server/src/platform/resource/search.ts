import { and, ilike, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { PageRequest, PageResult } from '@portal/contracts';

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
