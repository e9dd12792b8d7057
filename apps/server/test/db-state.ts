import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { actionLogs, mailOutbox } from '../src/db/schema/index.ts';


async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const WRITES = 'test_row_writes';

/**
 * Every row written to any table from now on (insert, update, delete — an update in place
 * too) leaves a row in `test_row_writes`, in the writing transaction: a rolled-back write
 * leaves nothing. Appended, never updated, so concurrent writers never wait on each other;
 * numbered, so a watcher reads only what was written after it started (the generated tests
 * watch thousands of calls: reading every write or log row each time grew with the run).
 * Installed once per test database; it is test scaffolding, not part of the schema.
 */
async function installWriteLog(db: Database): Promise<void> {
  const [installed] = await rowsOf<{ name: string | null }>(db, sql.raw(`select to_regclass('public.${WRITES}')::text as name`));
  if (installed?.name) return;
  const tables = await rowsOf<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  // One statement per call: PGlite's extended protocol takes one at a time.
  await db.execute(sql.raw(`create table ${WRITES} (seq bigint generated always as identity primary key, table_name text not null, row_id text)`));
  await db.execute(
    sql.raw(`create function test_count_row_write() returns trigger language plpgsql as $$
      begin insert into ${WRITES} (table_name, row_id) values (tg_table_name, to_jsonb(coalesce(new, old))->>'id'); return null; end $$`),
  );
  for (const { name } of tables) {
    await db.execute(sql.raw(`create trigger test_count_row_write after insert or update or delete on "${name}" for each row execute function test_count_row_write()`));
  }
}

export type ActionLogRow = typeof actionLogs.$inferSelect;

/** What was written since a watch began. */
export interface WriteWatch {
  /** The tables written to, sorted; nothing written, not even an update in place: []. */
  tables(): Promise<string[]>;
  /** The action-log rows added. */
  actionLogs(): Promise<ActionLogRow[]>;
}

/** Starts watching every write to the database from now on. */
export async function watchWrites(db: Database): Promise<WriteWatch> {
  await installWriteLog(db);
  const [mark] = await rowsOf<{ seq: string | number }>(db, sql.raw(`select coalesce(max(seq), 0) as seq from ${WRITES}`));
  const since = Number(mark!.seq);
  return {
    async tables() {
      const rows = await rowsOf<{ name: string }>(db, sql`select distinct table_name as name from ${sql.raw(WRITES)} where seq > ${since} order by 1`);
      return rows.map((row) => row.name);
    },
    async actionLogs() {
      const ids = await rowsOf<{ id: string }>(db, sql`select row_id as id from ${sql.raw(WRITES)} where seq > ${since} and table_name = 'action_logs' order by seq`);
      if (ids.length === 0) return [];
      const rows = await db.select().from(actionLogs).where(inArray(actionLogs.id, ids.map((row) => row.id)));
      const order = new Map(ids.map((row, index) => [row.id, index]));
      return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    },
  };
}

/** Watches the action log from now on: `added()` answers the rows written since. */
export async function watchActionLog(db: Database): Promise<{ added: () => Promise<ActionLogRow[]> }> {
  const watch = await watchWrites(db);
  return { added: () => watch.actionLogs() };
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
