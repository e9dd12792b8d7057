import * as pglite from '@electric-sql/pglite';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteForDrizzle } from './pglite-queries.ts';

/** A value of every type drizzle reads as text, and of a few it leaves to PGlite. */
const EVERY_KIND = sql`select
  '2026-01-02 03:04:05.678'::timestamp as ts, '2026-01-02 03:04:05.678+07'::timestamptz as tstz,
  interval '1 day 02:00:00' as iv, '2026-01-02'::date as d, array[1.5, 2]::numeric[] as nums,
  array['2026-01-02 03:04:05'::timestamp] as tss, array['2026-01-02 03:04:05+00'::timestamptz] as tstzs,
  array[interval '1 hour'] as ivs, array['2026-01-02'::date] as ds,
  '{"a": [1, 2]}'::jsonb as j, 42 as n, 9007199254740993::int8 as big, true as b, array[1, 2] as ints, 'x'::text as t`;

describe('PGlite as drizzle is given it', () => {
  let plain: PGlite;
  let shared: PGlite;
  beforeAll(async () => {
    [plain, shared] = await Promise.all([PGlite.create(), PGlite.create()]);
  });
  afterAll(async () => {
    await Promise.all([plain?.close(), shared?.close()]);
  });

  it('answers the same rows as drizzle’s own PGlite driver, in a transaction too', async () => {
    const expected = await drizzle({ client: plain }).execute(EVERY_KIND);
    const db = drizzle({ client: pgliteForDrizzle(shared, pglite) as unknown as PGlite });
    expect((await db.execute(EVERY_KIND)).rows).toEqual(expected.rows);
    expect((await db.transaction((tx) => tx.execute(EVERY_KIND))).rows).toEqual(expected.rows);
    // Drizzle's typed selects read rows as arrays: the same values.
    const typed = await db.select({ ts: sql<string>`'2026-01-02 03:04:05'::timestamp`, d: sql<string>`'2026-01-02'::date` }).from(sql`(select 1) as one`);
    expect(typed).toEqual([{ ts: '2026-01-02 03:04:05', d: '2026-01-02' }]);
  });

  it('runs a kept statement with each call’s own values, of every kind', async () => {
    const db = drizzle({ client: pgliteForDrizzle(shared, pglite) as unknown as PGlite });
    const echo = (value: unknown) => db.execute(sql`select ${value}::jsonb as j, ${new Date('2026-01-02T03:04:05Z')}::timestamptz as at`);
    for (const value of [JSON.stringify({ a: 1 }), JSON.stringify([1, 2]), JSON.stringify('x')]) {
      expect((await echo(value)).rows).toEqual([{ j: JSON.parse(value), at: '2026-01-02 03:04:05+00' }]);
    }
    // An array as one value (a uuid[] column's), and a JavaScript bigint.
    const lists = await db.execute(sql`select ${sql.param(['a', 'b c'])}::text[] as list, ${sql.param(9007199254740993n)}::int8 as big`);
    expect(lists.rows).toEqual([{ list: ['a', 'b c'], big: 9007199254740993n }]);
    expect((await db.execute(sql`select ${null}::text as nothing`)).rows).toEqual([{ nothing: null }]);
  });

  it('refuses as PGlite does, and the database answers the next query; a refusal in a transaction undoes it', async () => {
    const db = drizzle({ client: pgliteForDrizzle(shared, pglite) as unknown as PGlite });
    await db.execute(sql`create table if not exists kept_once (id int primary key)`);
    await db.execute(sql`insert into kept_once values (${1})`);
    const twice = await db.execute(sql`insert into kept_once values (${1})`).catch((error: unknown) => error);
    expect((twice as { cause?: { code?: string } }).cause?.code).toBe('23505');
    await expect(db.execute(sql`select nonsense from kept_once`)).rejects.toThrow();
    const inTransaction = db.transaction(async (tx) => {
      await tx.execute(sql`insert into kept_once values (${2})`);
      await tx.execute(sql`insert into kept_once values (${1})`);
    });
    await expect(inTransaction).rejects.toThrow();
    expect((await db.execute(sql`select id from kept_once order by id`)).rows).toEqual([{ id: 1 }]);
  });

  it('is refused once the database is closed, as PGlite is', async () => {
    const own = await PGlite.create();
    const db = drizzle({ client: pgliteForDrizzle(own, pglite) as unknown as PGlite });
    expect((await db.execute(sql`select ${1}::int as one`)).rows).toEqual([{ one: 1 }]);
    await own.close();
    await expect(db.execute(sql`select ${1}::int as one`)).rejects.toThrow();
    await expect(drizzle({ client: own }).execute(sql`select 1`)).rejects.toThrow();
  });

  it('answers rightly past the number of statements it keeps', async () => {
    const db = drizzle({ client: pgliteForDrizzle(shared, pglite) as unknown as PGlite });
    const nth = (n: number) => db.execute(sql`select ${n}::int + ${sql.raw(String(n))} as twice`);
    for (let n = 0; n < 520; n++) expect((await nth(n)).rows).toEqual([{ twice: 2 * n }]);
    // The first ones were closed to make room: prepared again.
    expect((await nth(0)).rows).toEqual([{ twice: 0 }]);
    expect((await nth(519)).rows).toEqual([{ twice: 1038 }]);
  });
});
