import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_ACTION, LOG_OBJECT } from '@portal/contracts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { bearer, signIn } from '../../../test/oidc-client.ts';
import { DEMO_UNIT_ADMIN, startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.ts';
import { actionLogs, configData, mailOutbox, servicePackages, unitPackages, users } from '../../db/schema/index.ts';
import { manualClock } from '../../platform/clock.ts';

describe.each(DATABASE_KINDS)('upgrade requests and trials of a unit (/api/Unit, /api/UpgradeRequest) on %s', (kind) => {
  const clock = manualClock(new Date('2026-06-01T00:00:00Z'));
  let t: TestApp;
  let admin: Api;
  let unitAdmin: Api;
  let neighbour: Api;
  let unitId: string;
  let requestId: string;

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { clock });
    admin = apiAs(t, bearer((await signIn(t.app, TEST_ADMIN)).access_token));
    unitAdmin = apiAs(t, bearer((await signIn(t.app, DEMO_UNIT_ADMIN)).access_token));
    neighbour = apiAs(t, bearer((await signIn(t.app, { username: 'admin.saoviet', password: 'Demo@2026' })).access_token));
    unitId = (await t.database.db.select({ unitId: users.unitId }).from(users).where(eq(users.username, DEMO_UNIT_ADMIN.username)))[0]!.unitId!;
    await t.database.db.update(configData).set({ value: 'cskh@portal.example.com' }).where(eq(configData.key, 'CUSTOMER_CARE_EMAIL'));
    // The demo's packs start on the real calendar (when their unit registered); this test's clock
    // is fixed earlier, and a pack counts from its start: they started before it.
    await t.database.db.update(unitPackages).set({ startsAt: new Date('2026-01-01T00:00:00Z') });
  });
  afterAll(() => t.close());

  const logRows = (action: number) =>
    t.database.db.select().from(actionLogs).where(and(eq(actionLogs.objectCategory, LOG_OBJECT.unitServicePackage), eq(actionLogs.action, action)));

  it('shows the unit admin what their unit holds and the packs on offer; another unit is unknown', async () => {
    const offer = await unitAdmin.data(unitAdmin.get(`/api/Unit/GetPackageChannelOfUnit/${unitId}`));
    expect(offer.services).toContainEqual(expect.objectContaining({ code: 'CRM', state: 'held' }));
    expect(offer.packs.length).toBeGreaterThan(0);
    // Its current packs (held, usable today) are named so the screen marks them; a pack it never held is not one.
    expect(offer.currentPackIds.length).toBeGreaterThan(0);
    for (const id of offer.currentPackIds) expect(offer.packs.map((pack: { id: string }) => pack.id)).toContain(id);
    const { id: fresh } = await admin.data(admin.post('/api/ChannelPackage/Save', { name: `Gói mới ${process.pid}`, level: 'Premium', userBand: '21-100', serviceIds: [offer.services[0].serviceId], pricePerUserMonth: 90000 }));
    const again = await unitAdmin.data(unitAdmin.get(`/api/Unit/GetPackageChannelOfUnit/${unitId}`));
    expect(again.packs.map((pack: { id: string }) => pack.id)).toContain(fresh);
    expect(again.currentPackIds).toEqual(offer.currentPackIds);
    expect((await neighbour.get(`/api/Unit/GetPackageChannelOfUnit/${unitId}`)).statusCode).toBe(404);
  });

  it('acknowledges an upgrade request, mails customer care, and lists it for platform staff who mark it contacted then done', async () => {
    const [pack] = await t.database.db.select({ id: servicePackages.id }).from(servicePackages).where(eq(servicePackages.level, 'Premium'));
    ({ id: requestId } = await unitAdmin.data(unitAdmin.post('/api/Unit/RequestUpdatePackageService', { packageId: pack!.id, note: 'Cần thêm 50 người dùng' })));
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'upgradeRequested'));
    expect(mail).toMatchObject({ recipient: 'cskh@portal.example.com' });
    expect(mail!.textBody).toContain('Cần thêm 50 người dùng');
    expect(await logRows(LOG_ACTION.add)).toContainEqual(expect.objectContaining({ objectId: requestId, unitId, result: 1 }));

    const listed = await admin.data(admin.post('/api/UpgradeRequest/Search', { pageIndex: 1, pageSize: 20, state: 1 }));
    expect(listed.records).toContainEqual(expect.objectContaining({ id: requestId, unitId, state: 1, note: 'Cần thêm 50 người dùng' }));
    expect((await neighbour.data(neighbour.post('/api/UpgradeRequest/Search', { pageIndex: 1, pageSize: 20 }))).records).toEqual([]);
    expect((await unitAdmin.post('/api/UpgradeRequest/Confirm', { id: requestId, state: 3 })).statusCode).toBe(403);

    await admin.data(admin.post('/api/UpgradeRequest/Confirm', { id: requestId, state: 2 }));
    await admin.data(admin.post('/api/UpgradeRequest/Confirm', { id: requestId, state: 3 }));
    expect(await unitAdmin.data(unitAdmin.get(`/api/UpgradeRequest/GetById/${requestId}`))).toMatchObject({ state: 3, handledBy: TEST_ADMIN.username, handledAt: '2026-06-01T00:00:00.000Z' });
    expect((await admin.post('/api/UpgradeRequest/Confirm', { id: requestId, state: 3 })).json()).toMatchObject({ success: false, errorCode: 9170 });
    expect((await logRows(LOG_ACTION.confirm)).filter((row) => row.objectId === requestId && row.result === 1)).toHaveLength(2);
  });

  it('refuses a request naming an unknown pack, writing nothing', async () => {
    const refused = await unitAdmin.post('/api/Unit/RequestUpdatePackageService', { packageId: '00000000-0000-4000-8000-000000000000' });
    expect(refused.json()).toMatchObject({ success: false, errors: [{ field: 'body.packageId' }] });
    expect((await admin.data(admin.post('/api/UpgradeRequest/Search', { pageIndex: 1, pageSize: 20 }))).totalRecord).toBe(1);
  });

  it('registers a trial of a service for the pack’s trial period, once per service', async () => {
    const { result: service } = await admin.data(admin.post('/api/Channel/CreateChannel', { name: 'Dịch vụ dùng thử', code: `TRIAL_${process.pid}`, link: 'https://trial.example.test/', allowTrial: true }));
    await admin.data(admin.post('/api/ChannelPackage/Save', { name: `Gói thử ${process.pid}`, level: 'Trial', userBand: '2-20', serviceIds: [service.id], pricePerUserMonth: 0, trialDays: 14 }));
    const before = (await unitAdmin.data(unitAdmin.get(`/api/Unit/GetPackageChannelOfUnit/${unitId}`))).services.find((s: { serviceId: string }) => s.serviceId === service.id);
    expect(before).toMatchObject({ state: 'none', trialAvailable: true });

    const trial = await unitAdmin.data(unitAdmin.post('/api/Unit/RegisterPackServiceTrial', { serviceId: service.id }));
    expect(trial.endsAt).toBe('2026-06-15T00:00:00.000Z');
    expect(await unitAdmin.data(unitAdmin.get(`/api/PackageServiceChannel/GetById/${trial.id}`))).toMatchObject({ isTrial: true, usable: true, seats: 20 });
    const after = (await unitAdmin.data(unitAdmin.get(`/api/Unit/GetPackageChannelOfUnit/${unitId}`))).services.find((s: { serviceId: string }) => s.serviceId === service.id);
    expect(after).toMatchObject({ state: 'held', trialAvailable: false, endsAt: '2026-06-15T00:00:00.000Z' });
    expect(await logRows(LOG_ACTION.register)).toContainEqual(expect.objectContaining({ objectId: trial.id, unitId, result: 1 }));

    clock.advanceDays(20);
    expect((await unitAdmin.post('/api/Unit/RegisterPackServiceTrial', { serviceId: service.id })).json()).toMatchObject({ success: false, errorCode: 9167, errors: [{ field: 'body.serviceId' }] });
    const crm = (await unitAdmin.data(unitAdmin.get(`/api/Unit/GetPackageChannelOfUnit/${unitId}`))).services.find((s: { code: string }) => s.code === 'CRM');
    expect((await unitAdmin.post('/api/Unit/RegisterPackServiceTrial', { serviceId: crm.serviceId })).json()).toMatchObject({ success: false, errorCode: 9171 });
    const { result: paidOnly } = await admin.data(admin.post('/api/Channel/CreateChannel', { name: 'Dịch vụ trả phí', code: `PAID_${process.pid}`, allowTrial: false }));
    expect((await unitAdmin.post('/api/Unit/RegisterPackServiceTrial', { serviceId: paidOnly.id })).json()).toMatchObject({ success: false, errorCode: 9168 });
  });
});
