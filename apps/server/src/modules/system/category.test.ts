import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

type Category = { id: string; parentCode: string | null; code: string; name: string; childCount: number; sortOrder: number; colorCode: string | null };

describe.each(DATABASE_KINDS)('categories on %s', (kind) => {
  let t: TestApp;
  let platform: Api;
  let unitUser: Api;

  const search = (body: object) => platform.data<{ records: Category[]; totalRecord: number }>(platform.post('/api/Category/SearchCategoryPage', { pageIndex: 1, pageSize: 200, ...body }));

  beforeAll(async () => {
    t = await startTestApp(kind);
    platform = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
    unitUser = apiAs(t, (await signInActor(t, 'unitUserA')).headers);
  });
  afterAll(() => t.close());

  it('lists each group followed by its entries in their order', async () => {
    const { records } = await search({});
    const position = records.findIndex((r) => r.code === 'POSITION' && r.parentCode === null);
    expect(records[position]!.childCount).toBeGreaterThan(0);
    const entries = records.slice(position + 1, position + 1 + records[position]!.childCount);
    expect(entries.every((r) => r.parentCode === 'POSITION')).toBe(true);
    expect(entries.map((r) => r.sortOrder)).toEqual([...entries.map((r) => r.sortOrder)].sort((a, b) => a - b));
    expect((await search({ groupsOnly: true })).records.every((r) => r.parentCode === null)).toBe(true);
  });

  it('a new entry is answered by GetByParentCode at once, in its order, with its colour', async () => {
    await platform.data(platform.post('/api/Category/Create', { parentCode: 'DEPARTMENT', code: 'LEGAL', name: 'Pháp chế', sortOrder: 99, colorCode: '#ff0000' }));
    const items = await unitUser.data<Category[]>(unitUser.get('/api/Category/GetByParentCode/DEPARTMENT'));
    expect(items.at(-1)).toMatchObject({ code: 'LEGAL', name: 'Pháp chế', colorCode: '#ff0000' });
  });

  it('refuses an unknown parent group, a duplicate code and a bad colour, naming the field', async () => {
    expect((await platform.post('/api/Category/Create', { parentCode: 'NOPE', code: 'X', name: 'X', sortOrder: 0, colorCode: null })).json()).toMatchObject({ success: false, errorCode: 3103 });
    expect((await platform.post('/api/Category/Create', { parentCode: 'POSITION', code: 'STAFF', name: 'Trùng', sortOrder: 0, colorCode: null })).json()).toMatchObject({ success: false, errorCode: 3104 });
    const colour = await platform.post('/api/Category/Create', { parentCode: 'POSITION', code: 'COLOUR', name: 'Màu', sortOrder: 0, colorCode: 'red' });
    expect(colour.statusCode).toBe(400);
    expect(colour.json().errors).toContainEqual(expect.objectContaining({ field: 'body.colorCode' }));
  });

  it('refuses to delete or recode a category in use, with a clear message, and deletes one that is not', async () => {
    const { records } = await search({ parentCode: 'POSITION' });
    // Demo users hold the position STAFF.
    const staff = records.find((r) => r.code === 'STAFF')!;
    const refused = await platform.delete(`/api/Category/Delete/${staff.id}`);
    expect(refused.json()).toMatchObject({ success: false, errorCode: 3102 });
    expect(refused.json().busErrorMessage).toContain('đang được sử dụng');
    expect((await platform.post('/api/Category/Update', { ...staff, code: 'EMPLOYEE' })).json()).toMatchObject({ success: false, errorCode: 3102 });
    // Renaming it is fine.
    await platform.data(platform.post('/api/Category/Update', { ...staff, name: 'Nhân viên chính thức' }));

    const group = (await search({ groupsOnly: true, keyword: 'DEPARTMENT' })).records[0]!;
    expect((await platform.delete(`/api/Category/Delete/${group.id}`)).json()).toMatchObject({ success: false, errorCode: 3102 });

    const { id } = await platform.data(platform.post('/api/Category/Create', { parentCode: 'POSITION', code: 'INTERN', name: 'Thực tập', sortOrder: 9, colorCode: null }));
    expect(await platform.data(platform.delete(`/api/Category/Delete/${id}`))).toBe(true);
  });
});
