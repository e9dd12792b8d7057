import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { actionLogs, mailOutbox } from '../src/db/schema/index.ts';

type Fingerprint = Map<string, number>;

async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const WRITES = 'test_row_writes';

/**
 * Every row written to any table from now on (insert, update, delete — an update in place
 * too) leaves a row in `test_row_writes`, in the writing transaction: a rolled-back write
 * leaves nothing. Appended, never updated, so concurrent writers never wait on each other.
 * Installed once per test database; it is test scaffolding, not part of the schema.
 */
async function watchWrites(db: Database): Promise<void> {
  const [installed] = await rowsOf<{ name: string | null }>(db, sql.raw(`select to_regclass('public.${WRITES}')::text as name`));
  if (installed?.name) return;
  const tables = await rowsOf<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  // One statement per call: PGlite's extended protocol takes one at a time.
  await db.execute(sql.raw(`create table ${WRITES} (table_name text not null)`));
  await db.execute(
    sql.raw(`create function test_count_row_write() returns trigger language plpgsql as $$
      begin insert into ${WRITES} values (tg_table_name); return null; end $$`),
  );
  for (const { name } of tables) {
    await db.execute(sql.raw(`create trigger test_count_row_write after insert or update or delete on "${name}" for each row execute function test_count_row_write()`));
  }
}

/**
 * How many rows of each table have been written so far. Two equal fingerprints mean nothing
 * was written in between, not even an update in place.
 */
export async function fingerprint(db: Database): Promise<Fingerprint> {
  await watchWrites(db);
  const rows = await rowsOf<{ name: string; writes: number }>(db, sql.raw(`select table_name as name, count(*)::int as writes from ${WRITES} group by table_name`));
  return new Map(rows.map((row) => [row.name, Number(row.writes)]));
}

/** The tables written between two fingerprints. */
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
