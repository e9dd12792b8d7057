import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';

/** A number written into the statement: generate_series cannot tell the type of a bare parameter. The
 * bench's database is thrown away afterwards (bench_units stays in it). */
const n = (value: number) => sql.raw(String(Math.trunc(value)));
const BATCH = 1_000_000;

/** `count` rows made by the database itself, a million at a time (`i` is the row's number, bigint). */
async function inBatches(db: Database, count: number, insert: (from: SQL, to: SQL) => SQL): Promise<void> {
  for (let from = 1; from <= count; from += BATCH) {
    await db.execute(insert(n(from), n(Math.min(count, from + BATCH - 1))));
  }
}

/** `users` unit users spread over `unitCount` units, with names a keyword search can find. */
export async function seedUsers(db: Database, unitCount: number, userCount: number): Promise<void> {
  await db.execute(sql`insert into units (name, tenant_id) select 'Bench unit ' || i, 'benchu' || i from generate_series(1, ${n(unitCount)}) i`);
  await db.execute(sql`create unlogged table bench_units as select row_number() over (order by tenant_id) as n, id from units where tenant_id like 'benchu%'`);
  await inBatches(
    db,
    userCount,
    (from, to) => sql`
      insert into users (username, email, password_hash, unit_id, is_user_unit, first_name, last_name, full_name, mobile, status, created_at)
      select 'bench.user' || i, 'bench' || i || '@bench.test', 'x', u.id, true, 'Người', 'Dùng ' || i, 'Người Dùng ' || i,
             '09' || lpad((i % 100000000)::text, 8, '0'), case when i % 10 = 0 then 5 else 1 end, now() - make_interval(secs => i::double precision)
      from generate_series(${from}::bigint, ${to}::bigint) i join bench_units u on u.n = 1 + i % ${n(unitCount)}`,
  );
  // As autovacuum leaves a table in use: statistics and the visibility map (index-only scans).
  await db.execute(sql`vacuum analyze users`);
}

/**
 * `rows` action-log rows over three years, in the seeded units, written oldest first as a log
 * is: the table's physical order follows time, as it does in production (rows scattered in
 * time made every index-only scan jump between visibility-map pages, a cost no real log has).
 */
export async function seedActionLogs(db: Database, rows: number): Promise<void> {
  await inBatches(
    db,
    rows,
    (from, to) => sql`
      insert into action_logs (object_category, action, result, username, unit_id, object_id, object_name, content, ip_address, created_at)
      select 1 + i % 50, 1 + i % 6, 1 + i % 2, 'bench.user' || (i % 1000), u.id, i::text, 'Đối tượng ' || i, 'request.bench', '10.0.0.1',
             now() - make_interval(secs => ((${n(rows)} - i) * ${n(3 * 365 * 86_400)}::double precision / ${n(rows)}))
      from generate_series(${from}::bigint, ${to}::bigint) i join bench_units u on u.n = 1 + i % (select count(*) from bench_units)`,
  );
  await db.execute(sql`vacuum analyze action_logs`);
}
