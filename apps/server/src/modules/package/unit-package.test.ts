import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { bearer, signIn } from '../../../test/oidc-client.ts';
import { DEMO_UNIT_ADMIN, startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.ts';
import { servicePackages, unitPackages, users } from '../../db/schema/index.ts';
import { manualClock } from '../../platform/clock.ts';
import { monthsAfter } from './unit-package-store.ts';

describe.each(DATABASE_KINDS)("a unit's packs (/api/PackageServiceChannel) on %s", (kind) => {
  const clock = manualClock(new Date('2026-06-01T00:00:00Z'));
  let t: TestApp;
  let admin: Api;
  let unitAdmin: Api;
  let unitId: string;
  let packageId: string;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { clock });
    admin = apiAs(t, bearer((await signIn(t.app, TEST_ADMIN)).access_token));
    unitAdmin = apiAs(t, bearer((await signIn(t.app, DEMO_UNIT_ADMIN)).access_token));
    const { db } = t.database;
    unitId = (await db.select({ unitId: users.unitId }).from(users).where(eq(users.username, DEMO_UNIT_ADMIN.username)))[0]!.unitId!;
    packageId = (await db.select({ id: servicePackages.id }).from(servicePackages).where(eq(servicePackages.name, 'Gói Essentials')))[0]!.id;
    await db.update(servicePackages).set({ userBand: '2-20' }).where(eq(servicePackages.id, packageId));
  });
  afterAll(() => t.close());

  const give = (overrides: object = {}) => ({ unitId, packageId, startsAt: '2026-05-01T00:00:00.000Z', endsAt: '2026-07-01T00:00:00.000Z', isTrial: false, ...overrides });

  it('gives a pack with the band’s seats; usable until the clock passes its expiry', async () => {
    const { id } = await admin.data<{ id: string }>(admin.post('/api/PackageServiceChannel/Update', give()));
    expect(await admin.data(admin.get(`/api/PackageServiceChannel/GetById/${id}`))).toMatchObject({ seats: 20, packageName: 'Gói Essentials', serviceNames: ['CRM'], usable: true, isTrial: false });
    clock.set(new Date('2026-07-01T00:00:01Z'));
    expect(await admin.data(admin.get(`/api/PackageServiceChannel/GetById/${id}`))).toMatchObject({ usable: false });
    clock.set(new Date('2026-06-01T00:00:00Z'));
  });

  it("gives a pack with a term an expiry when none is sent: its start plus the term; only a pack without a term has no end", async () => {
    const { id } = await admin.data<{ id: string }>(admin.post('/api/PackageServiceChannel/Update', give({ endsAt: null, startsAt: '2026-01-31T00:00:00.000Z' })));
    // Gói Essentials runs 12 months.
    const record = await admin.data<{ endsAt: string | null }>(admin.get(`/api/PackageServiceChannel/GetById/${id}`));
    expect(record.endsAt).toBe('2027-01-31T00:00:00.000Z');
    // Sent back without an expiry (a client that leaves it out), it gets one again, from the start sent.
    const { endsAt: _dropped, ...withoutExpiry } = record;
    await admin.data(admin.post('/api/PackageServiceChannel/Update', { ...withoutExpiry, startsAt: '2026-02-28T00:00:00.000Z' }));
    expect((await admin.data<{ endsAt: string | null }>(admin.get(`/api/PackageServiceChannel/GetById/${id}`))).endsAt).toBe('2027-02-28T00:00:00.000Z');
    // An expiry sent is kept.
    await admin.data(admin.post('/api/PackageServiceChannel/Update', { ...record, endsAt: '2026-03-01T00:00:00.000Z' }));
    expect((await admin.data<{ endsAt: string | null }>(admin.get(`/api/PackageServiceChannel/GetById/${id}`))).endsAt).toBe('2026-03-01T00:00:00.000Z');

    const free = (await t.database.db.select({ id: servicePackages.id }).from(servicePackages).where(eq(servicePackages.name, 'Gói miễn phí')))[0]!.id;
    const unlimited = await admin.data<{ id: string }>(admin.post('/api/PackageServiceChannel/Update', give({ packageId: free, endsAt: null })));
    expect((await admin.data<{ endsAt: string | null }>(admin.get(`/api/PackageServiceChannel/GetById/${unlimited.id}`))).endsAt).toBeNull();
  });

  it('counts a term in calendar months, ending on the month’s last day when the start’s day is past it', () => {
    expect(monthsAfter(new Date('2026-01-31T17:00:00.000Z'), 1).toISOString()).toBe('2026-02-28T17:00:00.000Z');
    expect(monthsAfter(new Date('2027-12-31T00:00:00.000Z'), 2).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(monthsAfter(new Date('2026-05-15T00:00:00.000Z'), 12).toISOString()).toBe('2027-05-15T00:00:00.000Z');
  });

  it('refuses an expiry before the start and seats below the grants already given, naming the field', async () => {
    const early = await admin.post('/api/PackageServiceChannel/Update', give({ endsAt: '2026-04-01T00:00:00.000Z' }));
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toContainEqual(expect.objectContaining({ field: 'body.endsAt' }));

    const { id } = await admin.data<{ id: string }>(admin.post('/api/PackageServiceChannel/Update', give()));
    const record = await admin.data(admin.get(`/api/PackageServiceChannel/GetById/${id}`));
    // The demo unit's administrator and first user are CRM users: two grants.
    const refused = (await admin.post('/api/PackageServiceChannel/Update', { ...record, seats: 1 })).json();
    expect(refused).toMatchObject({ success: false, errorCode: 9166, errors: [{ field: 'body.seats' }] });
    await admin.data(admin.post('/api/PackageServiceChannel/Update', { ...record, seats: 2 }));
    expect((await t.database.db.select({ seats: unitPackages.seats }).from(unitPackages).where(eq(unitPackages.id, id)))[0]!.seats).toBe(2);
  });

  it('shows a unit’s administrator their own unit’s packs and lets only platform staff change them', async () => {
    const mine = await unitAdmin.data(unitAdmin.post('/api/PackageServiceChannel/Search', { pageIndex: 1, pageSize: 50 }));
    expect(mine.records.length).toBeGreaterThan(0);
    expect(mine.records.every((record: { unitId: string }) => record.unitId === unitId)).toBe(true);
    expect((await unitAdmin.post('/api/PackageServiceChannel/Update', give())).statusCode).toBe(403);
  });
});
