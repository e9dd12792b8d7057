/** The name of a value in a table of named constants (`{ scheduled: 1, … }`, 1 → 'scheduled'), for its phrase. */
export function keyOf<T extends Record<string, unknown>>(table: T, value: unknown): keyof T & string {
  return (Object.keys(table) as (keyof T & string)[]).find((key) => table[key] === value) ?? (String(value) as keyof T & string);
}
