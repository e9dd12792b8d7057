import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { actionLogs, mailOutbox } from '../src/db/schema/index.ts';

type Fingerprint = Map<string, string>;

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A fingerprint of every table's content (row count and a hash of the rows). Two equal
 * fingerprints mean nothing was written in between, not even an update in place.
 */
export async function fingerprint(db: Database): Promise<Fingerprint> {
  const tables = await rowsOf<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  const parts = tables.map(
    ({ name }) => `select '${name}' as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as print from "${name}" t`,
  );
  const rows = await rowsOf<{ name: string; print: string }>(db, sql.raw(parts.join(' union all ')));
  return new Map(rows.map((row) => [row.name, row.print]));
}

/** The tables whose content differs between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name)).sort();
}

export type ActionLogRow = typeof actionLogs.$inferSelect;

/** Watches the action log from now on: `added()` answers the rows written since. */
export async function watchActionLog(db: Database): Promise<{ added: () => Promise<ActionLogRow[]> }> {
  const known = new Set((await db.select({ id: actionLogs.id }).from(actionLogs)).map((row) => row.id));
  return {
    added: async () => (await db.select().from(actionLogs)).filter((row) => !known.has(row.id)),
  };
}

/** The newest message queued for a recipient (the development outbox keeps them). */
export async function lastMailTo(db: Database, recipient: string) {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return mail;
}

/** The password a mail hands out (new account or reset), in either language. */
export function passwordInMail(text: string): string {
  const match = /(?:Mật khẩu mới|Mật khẩu|New password|Password): (\S+)/.exec(text);
  if (!match) throw new Error(`no password in mail: ${text}`);
  return match[1]!;
}
