import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_SERVICES, LOOKUP_GROUPS, LOOKUP_SEED, type ActivePackage, type CategoryItem, type ChannelItem } from '@portal/contracts';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { categories, servicePackages, services } from '../../db/schema/index.ts';

describe.each(DATABASE_KINDS)('lookups on %s', (kind) => {
  let t: TestApp;
  // The forms of every signed-in user read them: a plain unit user is enough.
  let user: Api;

  const channels = (body: object) => user.data<{ records: ChannelItem[]; totalRecord: number }>(user.post('/api/Channel/SearchChannelPage', { pageIndex: 1, pageSize: 20, ...body }));

  beforeAll(async () => {
    t = await startTestApp(kind);
    user = apiAs(t, (await signInActor(t, 'unitUserA')).headers);
  });
  afterAll(() => t.close());

  it('answers each category group with its active entries in their order', async () => {
    for (const group of LOOKUP_GROUPS) {
      const items = await user.data<CategoryItem[]>(user.get(`/api/Category/GetByParentCode/${group}`));
      expect(items.map(({ code, name }) => ({ code, name })), group).toEqual(LOOKUP_SEED[group]);
      expect(items.map((item) => item.sortOrder)).toEqual(items.map((_, index) => index));
    }
    await t.database.db.update(categories).set({ status: 0 }).where(and(eq(categories.parentCode, 'POSITION'), eq(categories.code, 'LEADER')));
    const positions = await user.data<CategoryItem[]>(user.get('/api/Category/GetByParentCode/POSITION'));
    expect(positions.map((item) => item.code)).toEqual(['DIRECTOR', 'MANAGER', 'STAFF']);
    expect(await user.data(user.get('/api/Category/GetByParentCode/NO_SUCH_GROUP'))).toEqual([]);
  });

  it('lists the services, active only when asked for status [1]', async () => {
    const everything = await channels({});
    expect(everything.records.map((s) => s.name)).toEqual(BASE_SERVICES.map((s) => s.name));
    await t.database.db.update(services).set({ status: 0 }).where(eq(services.code, 'LCM'));
    const active = await channels({ status: [1] });
    expect(active.records.map((s) => s.code)).toEqual(['PORTAL', 'CRM', 'IC', 'WFM', 'SR']);
    expect(active.totalRecord).toBe(5);
    expect((await channels({ status: [0] })).records.map((s) => s.code)).toEqual(['LCM']);
    expect((await channels({ keyword: 'base' })).records.map((s) => s.code)).toEqual(['SR']);
    const page = await channels({ pageIndex: 2, pageSize: 4, status: [1] });
    expect(page).toMatchObject({ totalRecord: 5, records: [{ code: 'SR' }] });
  });

  it('lists the active service packs', async () => {
    const before = await user.data<ActivePackage[]>(user.get('/api/ChannelPackage/GetAllActive'));
    expect(before.map((p) => p.level).sort()).toEqual(['Essentials', 'Free', 'Plus', 'Premium', 'Trial']);
    await t.database.db.update(servicePackages).set({ status: 0 }).where(eq(servicePackages.level, 'Trial'));
    const after = await user.data<ActivePackage[]>(user.get('/api/ChannelPackage/GetAllActive'));
    expect(after.map((p) => p.level).sort()).toEqual(['Essentials', 'Free', 'Plus', 'Premium']);
  });

  it('searches a category list a page at a time, by a keyword in the name or code, or by codes, active entries only', async () => {
    const many = Array.from({ length: 45 }, (_, i) => ({ parentCode: 'DEPARTMENT', code: `DEPT_${String(i).padStart(2, '0')}`, name: `Phòng ban ${String(i).padStart(2, '0')}`, sortOrder: 100 + i }));
    await t.database.db.insert(categories).values(many);
    const search = (body: object) => user.data<{ records: CategoryItem[]; totalRecord: number }>(user.post('/api/Category/SearchByParentCode/DEPARTMENT', { pageIndex: 1, pageSize: 20, ...body }));
    const whole = await user.data<CategoryItem[]>(user.get('/api/Category/GetByParentCode/DEPARTMENT'));
    const first = await search({});
    expect(first.totalRecord).toBe(whole.length);
    expect(first.records).toEqual(whole.slice(0, 20));
    expect((await search({ pageIndex: 3 })).records).toEqual(whole.slice(40, 60));
    expect((await search({ keyword: 'ban 44' })).records.map((item) => item.code)).toEqual(['DEPT_44']);
    expect((await search({ keyword: 'dept_0' })).totalRecord).toBe(10);
    expect((await search({ codes: ['DEPT_07', 'DEPT_31', 'NOT_THERE'] })).records.map((item) => item.code)).toEqual(['DEPT_07', 'DEPT_31']);
    await t.database.db.update(categories).set({ status: 0 }).where(eq(categories.code, 'DEPT_44'));
    expect((await search({ keyword: 'ban 44' })).totalRecord).toBe(0);
    expect((await user.post('/api/Category/SearchByParentCode/DEPARTMENT', { pageIndex: 1, pageSize: 20, codes: 'DEPT_07' })).statusCode).toBe(400);
  });

  it('searches the packs on offer a page at a time, by name or by ids, with their terms', async () => {
    const search = (body: object) => user.data<{ records: ActivePackage[]; totalRecord: number }>(user.post('/api/ChannelPackage/SearchActive', { pageIndex: 1, pageSize: 2, ...body }));
    const all = await user.data<ActivePackage[]>(user.get('/api/ChannelPackage/GetAllActive'));
    const first = await search({});
    expect(first.totalRecord).toBe(all.length);
    expect(first.records).toEqual(all.slice(0, 2));
    expect((await search({ pageIndex: 2 })).records).toEqual(all.slice(2, 4));
    const plus = all.find((pack) => pack.level === 'Plus')!;
    expect((await search({ keyword: 'plus' })).records).toEqual([plus]);
    expect(plus.expiryMonths).toBe(12);
    expect((await search({ ids: [plus.id] })).records).toEqual([plus]);
    // A pack taken off the offer is not found.
    await t.database.db.update(servicePackages).set({ status: 0 }).where(eq(servicePackages.id, plus.id));
    expect((await search({ keyword: 'plus' })).totalRecord).toBe(0);
  });
});
