import type { AnyRecord, GenericDefinition } from './types.ts';

/**
 * Nests the rows of a page two levels deep: a row whose parent is on the page goes under it
 * (antd's tree table reads `children`); the others stay at the top, so nothing is hidden.
 */
export function treeRows(rows: readonly AnyRecord[], tree: NonNullable<GenericDefinition['tree']>): AnyRecord[] {
  const parents = new Map<unknown, AnyRecord & { children: AnyRecord[] }>();
  const top: AnyRecord[] = [];
  for (const row of rows) {
    if (row[tree.parentKey] == null) {
      const parent = { ...row, children: [] as AnyRecord[] };
      parents.set(row[tree.key], parent);
      top.push(parent);
    }
  }
  for (const row of rows) {
    if (row[tree.parentKey] == null) continue;
    const parent = parents.get(row[tree.parentKey]);
    if (parent) parent.children.push(row);
    else top.push(row);
  }
  // A parent without children on the page shows no expand button.
  return top.map((row) => (Array.isArray(row.children) && row.children.length === 0 ? { ...row, children: undefined } : row));
}
