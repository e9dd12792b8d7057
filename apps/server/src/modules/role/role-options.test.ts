import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE_MAX } from '@portal/contracts';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

type Page = { records: { id: string; name: string }[]; totalRecord: number };

/**
 * The searches a remote select asks (issue 25: selects stopped at PAGE_SIZE_MAX options): a
 * keyword finds a record however far down the list it sorts, and pages of a screenful cover
 * the whole list, each record once.
 */
describe.each(DATABASE_KINDS)('searching system roles as a select does on %s', (kind) => {
  let t: TestApp;
  let admin: Api;
  const MORE = PAGE_SIZE_MAX + 5;
  const nameOf = (n: number) => `A tìm kiếm ${String(n).padStart(3, '0')}`;
  const search = (body: object) => admin.data<Page>(admin.post('/api/Role/SearchRolePage', { scope: 'platform', ...body }));

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
    for (let n = 1; n <= MORE; n++) await admin.data(admin.post('/api/Role/AddUpdateRole', { name: nameOf(n), description: 'Kiểm thử' }));
  });
  afterAll(() => t.close());

  it('finds by keyword a role past the largest page', async () => {
    const largest = await search({ pageIndex: 1, pageSize: PAGE_SIZE_MAX });
    expect(largest.totalRecord).toBeGreaterThan(PAGE_SIZE_MAX);
    expect(largest.records.map((role) => role.name)).not.toContain(nameOf(MORE));
    const found = await search({ pageIndex: 1, pageSize: 20, keyword: nameOf(MORE) });
    expect(found.records.map((role) => role.name)).toEqual([nameOf(MORE)]);
    expect(found.totalRecord).toBe(1);
    // Part of a name finds every role holding it, counted in full, a page at a time.
    const partial = await search({ pageIndex: 2, pageSize: 20, keyword: 'tìm kiếm 1' });
    expect(partial.totalRecord).toBe(100);
    expect(partial.records.map((role) => role.name)).toEqual(Array.from({ length: 20 }, (_, i) => nameOf(120 + i)));
  });

  it('pages of a screenful reach every role once', async () => {
    const first = await search({ pageIndex: 1, pageSize: 20 });
    const seen: string[] = [];
    for (let pageIndex = 1; (pageIndex - 1) * 20 < first.totalRecord; pageIndex++) seen.push(...(await search({ pageIndex, pageSize: 20 })).records.map((role) => role.id));
    expect(seen).toHaveLength(first.totalRecord);
    expect(new Set(seen).size).toBe(first.totalRecord);
  });
});
