import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { bearer, signIn } from '../../../test/oidc-client.ts';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.ts';
import { services, unitPackages, units } from '../../db/schema/index.ts';

describe.each(DATABASE_KINDS)('service packs (/api/ChannelPackage) on %s', (kind) => {
  let t: TestApp;
  let admin: Api;
  let crmId: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = apiAs(t, bearer((await signIn(t.app, TEST_ADMIN)).access_token));
    [{ id: crmId }] = (await t.database.db.select({ id: services.id }).from(services).where(eq(services.code, 'CRM'))) as [{ id: string }];
  });
  afterAll(() => t.close());

  const pack = (overrides: object = {}) => ({
    name: 'Gói Doanh nghiệp',
    level: 'Premium',
    userBand: '21-100',
    serviceIds: [crmId],
    pricePerUserMonth: 150000,
    discountPercent: 12.5,
    highlightFeatures: 'CRM không giới hạn',
    trialDays: 14,
    expiryMonths: null,
    ...overrides,
  });

  it('saves a pack and answers the payment amount the server computed from price, band and discount', async () => {
    const { id } = await admin.data<{ id: string }>(admin.post('/api/ChannelPackage/Save', pack()));
    const saved = await admin.data(admin.get(`/api/ChannelPackage/GetById/${id}`));
    // 150 000 × 100 users × (1 − 12.5 %)
    expect(saved).toMatchObject({ name: 'Gói Doanh nghiệp', serviceIds: [crmId], serviceNames: ['CRM'], paymentAmount: 13_125_000, expiryMonths: null, unitsUsing: 0 });
    // The record goes back as it came: the read-only amount and names are ignored.
    await admin.data(admin.post('/api/ChannelPackage/Save', { ...saved, pricePerUserMonth: 100000, paymentAmount: 1 }));
    expect(await admin.data(admin.get(`/api/ChannelPackage/GetById/${id}`))).toMatchObject({ paymentAmount: 8_750_000 });
  });

  it('refuses a negative price, a discount over 100 and an unknown level, naming the field', async () => {
    for (const [body, field] of [
      [pack({ pricePerUserMonth: -1 }), 'body.pricePerUserMonth'],
      [pack({ discountPercent: 101 }), 'body.discountPercent'],
      [pack({ level: 'Gold' }), 'body.level'],
      [pack({ userBand: '3-7' }), 'body.userBand'],
      [pack({ serviceIds: [] }), 'body.serviceIds'],
    ] as const) {
      const reply = await admin.post('/api/ChannelPackage/Save', body);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('deletes a pack units hold: their registrations of it end with it', async () => {
    const { id } = await admin.data<{ id: string }>(admin.post('/api/ChannelPackage/Save', pack({ name: 'Gói sắp xoá' })));
    const [unit] = await t.database.db.select({ id: units.id }).from(units).limit(1);
    await t.database.db.insert(unitPackages).values({ unitId: unit!.id, packageId: id });
    expect(await admin.data(admin.get(`/api/ChannelPackage/GetById/${id}`))).toMatchObject({ unitsUsing: 1 });
    await admin.data(admin.delete(`/api/ChannelPackage/Delete/${id}`));
    expect(await t.database.db.select().from(unitPackages).where(eq(unitPackages.packageId, id))).toEqual([]);
  });
});
