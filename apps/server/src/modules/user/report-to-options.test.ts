import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE_MAX } from '@portal/contracts';
import { signInActors, UNIT_A, UNIT_B, unitIdOf } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../db/schema/index.ts';

type Page = { records: { id: string; fullName: string; username: string }[]; totalRecord: number };

/**
 * The report-to select of the unit users' form (issue 25): the unit's users searched by keyword
 * a page at a time, however many the unit has, and the chosen one named by its id.
 */
describe.each(DATABASE_KINDS)('searching whom a unit user reports to on %s', (kind) => {
  let t: TestApp;
  let unitAdmin: Api;
  let platform: Api;
  let unitA: string;
  let unitB: string;
  const MORE = PAGE_SIZE_MAX + 5;
  const nameOf = (n: number) => `Zeta Báo Cáo ${String(n).padStart(3, '0')}`;
  const search = (api: Api, query: string) => api.data<Page>(api.get(`/api/User/GetListReportTo?${query}`));

  beforeAll(async () => {
    t = await startTestApp(kind);
    const actors = await signInActors(t);
    unitAdmin = apiAs(t, actors.unitAdminA.headers);
    platform = apiAs(t, actors.platformAdmin.headers);
    unitA = await unitIdOf(t, UNIT_A);
    unitB = await unitIdOf(t, UNIT_B);
    // More people than the largest page, at once (the forms' own path is tested elsewhere).
    await t.database.db.insert(users).values(
      Array.from({ length: MORE }, (_, i) => ({
        username: `zeta.${i + 1}`,
        email: `zeta.${i + 1}@minhphat.example.com`,
        passwordHash: 'x',
        unitId: unitA,
        isUserUnit: true,
        firstName: 'Báo Cáo',
        lastName: 'Zeta',
        fullName: nameOf(i + 1),
      })),
    );
  });
  afterAll(() => t.close());

  it('finds by keyword a user past the largest page, and counts every match', async () => {
    const first = await search(unitAdmin, `pageSize=${PAGE_SIZE_MAX}`);
    expect(first.totalRecord).toBeGreaterThan(PAGE_SIZE_MAX);
    expect(first.records).toHaveLength(PAGE_SIZE_MAX);
    expect(first.records.map((user) => user.fullName)).not.toContain(nameOf(MORE));
    const found = await search(unitAdmin, `keyword=${encodeURIComponent(nameOf(MORE))}`);
    expect(found).toEqual({ records: [{ id: expect.any(String), fullName: nameOf(MORE), username: `zeta.${MORE}` }], totalRecord: 1 });
    // By username as well, and part of a name finds every holder, a page of 20 at a time.
    expect((await search(unitAdmin, `keyword=zeta.${MORE}`)).records.map((user) => user.fullName)).toEqual([nameOf(MORE)]);
    const partial = await search(unitAdmin, `keyword=${encodeURIComponent('Báo Cáo 1')}&pageIndex=2`);
    expect(partial.totalRecord).toBe(100);
    expect(partial.records.map((user) => user.fullName)).toEqual(Array.from({ length: 20 }, (_, i) => nameOf(120 + i)));
  });

  it("pages of a screenful reach every user of the unit once, and no other unit's", async () => {
    const first = await search(unitAdmin, 'pageIndex=1');
    const seen: string[] = [];
    for (let pageIndex = 1; (pageIndex - 1) * 20 < first.totalRecord; pageIndex++) seen.push(...(await search(unitAdmin, `pageIndex=${pageIndex}`)).records.map((user) => user.id));
    expect(seen).toHaveLength(first.totalRecord);
    expect(new Set(seen).size).toBe(first.totalRecord);
    const ofB = await search(platform, `unitId=${unitB}&pageSize=${PAGE_SIZE_MAX}`);
    expect(ofB.totalRecord).toBeGreaterThan(0);
    expect(ofB.records.filter((user) => seen.includes(user.id))).toEqual([]);
  });

  it("names the chosen users by id, only within the unit, and refuses what is not an id", async () => {
    const [far, other] = [(await search(unitAdmin, `keyword=zeta.${MORE}`)).records[0]!, (await search(platform, `unitId=${unitB}`)).records[0]!];
    const named = await search(unitAdmin, `ids=${far.id},${other.id}`);
    expect(named).toEqual({ records: [far], totalRecord: 1 });
    const refused = await unitAdmin.get('/api/User/GetListReportTo?ids=not-an-id');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([expect.objectContaining({ field: expect.stringContaining('querystring.ids') })]);
    expect((await unitAdmin.get(`/api/User/GetListReportTo?pageSize=${PAGE_SIZE_MAX + 1}`)).statusCode).toBe(400);
  });
});
