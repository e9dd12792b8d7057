import type { TableColumnType } from 'antd';
import type { AnyRecord, ColumnFit, ResourceColumn } from './types.ts';

/** The class of a column's body cells per fit; resource-table.css says what each does (words: antd's own wrapping, no class). */
const FIT_CLASS: Record<ColumnFit, string | undefined> = { keep: 'resource-keep', words: undefined, anywhere: 'resource-anywhere' };

/** antd's column from a list's: its fit becomes a class of its cells (the header keeps antd's wrapping). */
export function fittedColumn({ fit = 'words', ...column }: ResourceColumn): TableColumnType<AnyRecord> {
  return { ...column, className: [column.className, FIT_CLASS[fit]].filter(Boolean).join(' ') };
}
