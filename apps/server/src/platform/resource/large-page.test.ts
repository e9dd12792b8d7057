import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_EXACT_COUNT } from '@portal/contracts';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

/** Lists that grow to millions: pages straight from the index, totals exact up to a point, then estimated. */
describe.each(DATABASE_KINDS)('large lists on %s', (kind) => {
  let t: TestApp;
  let admin: Api;
  const rows = SEARCH_EXACT_COUNT + 2_000;
  beforeAll(async () => {
    t = await startTestApp(kind, { DEMO_DATA: '0' });
    admin = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
    await t.database.db.execute(sql`
      insert into action_logs (object_category, action, result, username, object_name, created_at)
      select 1 + i % 2, 1, 1, 'bulk', 'row ' || i, timestamp '2026-01-01' + make_interval(secs => i)
      from generate_series(1, ${sql.raw(String(rows))}) i`);
    await t.database.db.execute(sql`analyze action_logs`);
  });
  afterAll(() => t?.close());

  const search = (body: object) => admin.data<{ records: { objectName: string }[]; totalRecord: number; totalCapped?: boolean }>(admin.post('/api/ActionLog/SearchActionLog', { pageSize: 20, ...body }));

  it('estimates a total past the exact count, and says so', async () => {
    const all = await search({ pageIndex: 1 });
    expect(all.totalCapped).toBe(true);
    expect(all.totalRecord).toBeGreaterThan(SEARCH_EXACT_COUNT);
    expect(all.totalRecord).toBeLessThan(rows * 2);
    expect(all.records.map((r) => r.objectName).slice(0, 2)).toEqual([`row ${rows}`, `row ${rows - 1}`]);
  });

  it('counts exactly below it, and reads any page in order', async () => {
    const since = new Date(Date.UTC(2026, 0, 1) + (rows - 49) * 1000).toISOString();
    const recent = await search({ pageIndex: 1, fromDate: since });
    expect(recent).toMatchObject({ totalRecord: 50 });
    expect(recent.totalCapped).toBeUndefined();
    const deep = await search({ pageIndex: 500 });
    expect(deep.records.map((r) => r.objectName)).toEqual(Array.from({ length: 20 }, (_, i) => `row ${rows - 499 * 20 - i}`));
  });
});
