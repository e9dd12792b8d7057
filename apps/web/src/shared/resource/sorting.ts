import type { SorterResult } from 'antd/es/table/interface';
import type { TableColumnType } from 'antd';
import type { SortRequest } from '@portal/contracts';
import type { AnyRecord } from './types.ts';

/**
 * A column the server can sort by (its key is in the contract's sort whitelist) gets antd's
 * sort control, showing the query's current sort. Sorting is the server's: antd never
 * reorders the page itself (`sorter: true`).
 */
export function sortableColumn<T extends TableColumnType<R>, R = AnyRecord>(column: T, sortable: ReadonlySet<string>, sort: unknown, named?: string): T {
  const key = named ?? String(column.key ?? column.dataIndex ?? '');
  if (!sortable.has(key)) return column;
  const current = sort as SortRequest | undefined;
  return { ...column, sorter: true, sortOrder: current?.field === key ? current.order : null };
}

/**
 * The search's sort from antd's sorter state; none when the user cleared it. Given the
 * contract's whitelist, only one of its fields (typed as such).
 */
export function sortFrom<R, F extends string = string>(sorter: SorterResult<R> | SorterResult<R>[], fields?: readonly F[]): SortRequest<F> | undefined {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  const field = String(single?.columnKey ?? single?.field ?? '');
  if (!single?.order || !field || (fields && !(fields as readonly string[]).includes(field))) return undefined;
  return { field: field as F, order: single.order };
}
