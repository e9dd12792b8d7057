import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE_MAX } from '@portal/contracts';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

type Page = { records: { id: string; code: string; name: string; parentCode: string | null }[]; totalRecord: number };

/**
 * The "parent group" select of the categories' form (issue 25): groups searched by keyword a
 * page at a time past PAGE_SIZE_MAX, and the chosen group named by its code (the form's value).
 */
describe.each(DATABASE_KINDS)('searching category groups as a select does on %s', (kind) => {
  let t: TestApp;
  let admin: Api;
  const MORE = PAGE_SIZE_MAX + 5;
  const codeOf = (n: number) => `ZGROUP_${String(n).padStart(3, '0')}`;
  const search = (body: object) => admin.data<Page>(admin.post('/api/Category/SearchCategoryPage', { groupsOnly: true, ...body }));

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
    for (let n = 1; n <= MORE; n++) await admin.data(admin.post('/api/Category/Create', { parentCode: null, code: codeOf(n), name: `Nhóm tìm kiếm ${n}`, sortOrder: 0, colorCode: null }));
  });
  afterAll(() => t.close());

  it('finds by keyword a group past the largest page, and counts every match', async () => {
    const largest = await search({ pageIndex: 1, pageSize: PAGE_SIZE_MAX });
    expect(largest.totalRecord).toBeGreaterThan(PAGE_SIZE_MAX);
    expect(largest.records.map((group) => group.code)).not.toContain(codeOf(MORE));
    const found = await search({ pageIndex: 1, pageSize: 20, keyword: codeOf(MORE) });
    expect(found.records.map((group) => group.code)).toEqual([codeOf(MORE)]);
    const partial = await search({ pageIndex: 2, pageSize: 20, keyword: 'ZGROUP_1' });
    expect(partial.totalRecord).toBe(100);
    expect(partial.records.map((group) => group.code)).toEqual(Array.from({ length: 20 }, (_, i) => codeOf(120 + i)));
  });

  it('pages of a screenful reach every group once', async () => {
    const first = await search({ pageIndex: 1, pageSize: 20 });
    const seen: string[] = [];
    for (let pageIndex = 1; (pageIndex - 1) * 20 < first.totalRecord; pageIndex++) seen.push(...(await search({ pageIndex, pageSize: 20 })).records.map((group) => group.id));
    expect(seen).toHaveLength(first.totalRecord);
    expect(new Set(seen).size).toBe(first.totalRecord);
    expect((await search({ pageIndex: 1, pageSize: PAGE_SIZE_MAX })).records.every((group) => group.parentCode === null)).toBe(true);
  });

  it('names the chosen groups by their codes, and only those', async () => {
    const named = await search({ pageIndex: 1, pageSize: 2, codes: [codeOf(MORE), 'POSITION'] });
    expect(named.records.map((group) => [group.code, group.name]).sort()).toEqual([
      ['POSITION', expect.any(String)],
      [codeOf(MORE), `Nhóm tìm kiếm ${MORE}`],
    ]);
    expect((await search({ codes: ['NO_SUCH_GROUP'] })).records).toEqual([]);
    expect((await admin.post('/api/Category/SearchCategoryPage', { codes: Array.from({ length: PAGE_SIZE_MAX + 1 }, (_, i) => codeOf(i)) })).statusCode).toBe(400);
  });
});
