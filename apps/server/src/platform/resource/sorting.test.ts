import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { units } from '../../db/schema/index.ts';

/** A list sorted by a column the contract declares sortable, by the server, stable across pages. */
describe.each(DATABASE_KINDS)('sorted searches on %s', (kind) => {
  let t: TestApp;
  let admin: Api;
  // Two units share an expiry date (the id decides between them); one has none.
  const rows = [
    { name: 'Sorted C', tenantId: 'sorted-c', expiryDate: new Date('2027-03-01T00:00:00Z') },
    { name: 'Sorted A', tenantId: 'sorted-a', expiryDate: new Date('2027-01-01T00:00:00Z') },
    { name: 'Sorted E', tenantId: 'sorted-e', expiryDate: null },
    { name: 'Sorted B', tenantId: 'sorted-b', expiryDate: new Date('2027-02-01T00:00:00Z') },
    { name: 'Sorted D', tenantId: 'sorted-d', expiryDate: new Date('2027-02-01T00:00:00Z') },
  ];
  beforeAll(async () => {
    t = await startTestApp(kind, { DEMO_DATA: '0' });
    admin = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
    await t.database.db.insert(units).values(rows);
  });
  afterAll(() => t?.close());

  const names = async (body: object) =>
    (await admin.data<{ records: { name: string; id: string }[] }>(admin.post('/api/Unit/Search', { keyword: 'Sorted', pageSize: 2, ...body }))).records.map((unit) => unit.name);
  const allPages = async (sort: object) => [...(await names({ sort, pageIndex: 1 })), ...(await names({ sort, pageIndex: 2 })), ...(await names({ sort, pageIndex: 3 }))];

  it('sorts by name both ways, page after page', async () => {
    expect(await allPages({ field: 'name', order: 'ascend' })).toEqual(['Sorted A', 'Sorted B', 'Sorted C', 'Sorted D', 'Sorted E']);
    expect(await allPages({ field: 'name', order: 'descend' })).toEqual(['Sorted E', 'Sorted D', 'Sorted C', 'Sorted B', 'Sorted A']);
  });

  it('sorts by a date with empty dates last, and ties in one order across pages', async () => {
    const ascending = await allPages({ field: 'expiryDate', order: 'ascend' });
    expect(ascending[0]).toBe('Sorted A');
    expect(new Set(ascending.slice(1, 3))).toEqual(new Set(['Sorted B', 'Sorted D']));
    expect(ascending.slice(3)).toEqual(['Sorted C', 'Sorted E']);
    const descending = await allPages({ field: 'expiryDate', order: 'descend' });
    expect(descending[0]).toBe('Sorted C');
    expect(descending.slice(1, 3)).toEqual([...ascending.slice(1, 3)].reverse());
    expect(descending[4]).toBe('Sorted E');
  });

  it('refuses a field the contract does not declare sortable, and a direction it does not know', async () => {
    for (const sort of [{ field: 'adminEmail', order: 'ascend' }, { field: 'name', order: 'up' }, { field: 'name' }]) {
      const refused = await admin.post('/api/Unit/Search', { sort });
      expect(refused.statusCode, JSON.stringify(sort)).toBe(400);
      expect(refused.json()).toMatchObject({ success: false });
      expect(refused.json().errors.map((error: { field: string }) => error.field).join()).toMatch(/^body\.sort\./);
    }
  });

  it('sorts the other resources by their declared columns', async () => {
    for (const [path, field] of [
      ['/api/Agency/Search', 'contractEndDate'],
      ['/api/ChannelPackage/Search', 'expiryMonths'],
      ['/api/PackageServiceChannel/Search', 'endsAt'],
      ['/api/Agency/SearchUnit', 'expiryDate'],
      ['/api/EmailTemplate/Search', 'updatedAt'],
    ] as const) {
      for (const order of ['ascend', 'descend']) {
        const reply = await admin.post(path, { sort: { field, order } });
        expect(reply.statusCode, `${path} ${reply.body.slice(0, 200)}`).toBe(200);
      }
    }
  });
});
