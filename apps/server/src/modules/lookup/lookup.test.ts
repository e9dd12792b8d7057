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
});
