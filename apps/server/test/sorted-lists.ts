import { expect } from 'vitest';
import { SORT_ORDERS, type SortOrder } from '@portal/contracts';
import type { Api } from './api.ts';
import { contractOf } from './resource-fixtures.ts';

export type Row = Record<string, unknown> & { id: string };
export type Key = string | number;

// Code-point order, as the test databases' C collation compares (the names here are ASCII).
const compare = (a: Key | Key[], b: Key | Key[]): number => {
  const [x, y] = [[a].flat(), [b].flat()];
  for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return 0;
};

/** The order the server must give: by the column's key, the id settling ties, all of it reversed when descending. */
export function expectedIds(rows: Row[], key: (row: Row) => Key | Key[], order: SortOrder): string[] {
  const ascending = [...rows].sort((a, b) => compare(key(a), key(b)) || compare(a.id, b.id)).map((row) => row.id);
  return order === 'ascend' ? ascending : ascending.reverse();
}

/** A field's value without case, as the stores sort names, codes and e-mails. */
export const lower = (field: string) => (row: Row) => String(row[field] ?? '').toLowerCase();
/** A field's value as it is (times as ISO text sort as they are; numbers as numbers). */
export const plain = (field: string) => (row: Row) => (typeof row[field] === 'number' ? (row[field] as number) : String(row[field]));

/** Sorted searches of one API caller: every page, each declared column both ways, the refusal of any other. */
export function sortedLists(api: Api) {
  /** Every record the search finds, two to a page, in the order the pages give. */
  async function allPages(path: string, body: object): Promise<Row[]> {
    const rows: Row[] = [];
    for (let pageIndex = 1; ; pageIndex += 1) {
      const page = await api.data<{ records: Row[]; totalRecord: number }>(api.post(`/api${path}`, { ...body, pageIndex, pageSize: 2 }));
      rows.push(...page.records);
      if (rows.length >= page.totalRecord || page.records.length === 0) return rows;
    }
  }

  /** The list (narrowed by `filters`) sorted by each of `keys` both ways equals the order the keys give; an undeclared field is a 400. */
  async function expectSorted(path: string, filters: string | object, keys: Record<string, (row: Row) => Key | Key[]>): Promise<Row[]> {
    const narrowed = typeof filters === 'string' ? { keyword: filters } : filters;
    const rows = await allPages(path, narrowed);
    expect(rows.length, path).toBeGreaterThanOrEqual(4);
    for (const [field, key] of Object.entries(keys)) {
      for (const order of SORT_ORDERS) {
        const sorted = await allPages(path, { ...narrowed, sort: { field, order } });
        expect(sorted.map((row) => row.id), `${path} by ${field} ${order}`).toEqual(expectedIds(rows, key, order));
      }
    }
    const refused = await api.post(`/api${path}`, { ...narrowed, sort: { field: 'passwordHash', order: 'ascend' } });
    expect(refused.statusCode, path).toBe(400);
    expect(refused.json().errors.map((error: { field: string }) => error.field)).toEqual(['body.sort.field']);
    return rows;
  }

  /** Each record of a sorted list goes back to the update call as it came, and the list is the same after. */
  async function takenBack(resource: string, filters: string | object, sort: object): Promise<void> {
    const contract = contractOf(resource);
    const path = contract.paths.search!;
    const update = contract.paths.save ?? contract.paths.update!;
    const narrowed = typeof filters === 'string' ? { keyword: filters } : filters;
    const before = await allPages(path, { ...narrowed, sort });
    for (const record of before) {
      const reply = await api.post(`/api${update}`, record);
      expect(reply.json().success, `${update}: ${reply.body}`).toBe(true);
    }
    const withoutTime = (rows: Row[]) => rows.map(({ updatedAt: _moves, ...rest }) => rest);
    expect(withoutTime(await allPages(path, { ...narrowed, sort }))).toEqual(withoutTime(before));
  }

  return { allPages, expectSorted, takenBack };
}
