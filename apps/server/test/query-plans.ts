/** A node of PostgreSQL's EXPLAIN (FORMAT JSON) plan, with the fields the plan tests read. */
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
};

/** Every node of an EXPLAIN (FORMAT JSON) answer, from either driver (PGlite's rows or pg's result). */
export function planNodes(result: unknown): PlanNode[] {
  const rows = (result as { rows?: Record<string, unknown>[] }).rows ?? (result as Record<string, unknown>[]);
  const value = Object.values(rows[0]!)[0];
  const root = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  const all: PlanNode[] = [];
  const walk = (node: PlanNode) => (all.push(node), node.Plans?.forEach(walk));
  walk(root[0]!.Plan);
  return all;
}
