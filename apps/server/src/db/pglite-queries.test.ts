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
    const db = drizzle({ client: pgliteForDrizzle(shared) as unknown as PGlite });
    expect((await db.execute(EVERY_KIND)).rows).toEqual(expected.rows);
    expect((await db.transaction((tx) => tx.execute(EVERY_KIND))).rows).toEqual(expected.rows);
    // Drizzle's typed selects read rows as arrays: the same values.
    const typed = await db.select({ ts: sql<string>`'2026-01-02 03:04:05'::timestamp`, d: sql<string>`'2026-01-02'::date` }).from(sql`(select 1) as one`);
    expect(typed).toEqual([{ ts: '2026-01-02 03:04:05', d: '2026-01-02' }]);
  });
});
