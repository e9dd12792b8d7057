import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { bearer, signIn } from '../../../test/oidc-client.ts';
import { DEMO_UNIT_ADMIN, DEMO_UNIT_USER, startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../db/schema/index.ts';
import { manualClock } from '../../platform/clock.ts';

interface BaseApp { baseAppCode: string; channelPackageStatus: number }

describe.each(DATABASE_KINDS)("a unit's services, access and seats (/api/UnitChannel, grants) on %s", (kind) => {
  const clock = manualClock(new Date('2026-06-01T00:00:00Z'));
  let t: TestApp;
  let admin: Api;
  let unitAdmin: Api;
  let neighbour: Api;
  let unitUser: Api;
  let unitId: string;
  let serviceId: string;
  let accessId: string;
  let grantId: string;
  const code = `SEAT_${process.pid}`;

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { clock });
    admin = apiAs(t, bearer((await signIn(t.app, TEST_ADMIN)).access_token));
    unitAdmin = apiAs(t, bearer((await signIn(t.app, DEMO_UNIT_ADMIN)).access_token));
    neighbour = apiAs(t, bearer((await signIn(t.app, { username: 'admin.saoviet', password: 'Demo@2026' })).access_token));
    unitUser = apiAs(t, bearer((await signIn(t.app, DEMO_UNIT_USER)).access_token));
    unitId = (await t.database.db.select({ unitId: users.unitId }).from(users).where(eq(users.username, DEMO_UNIT_ADMIN.username)))[0]!.unitId!;
    // A service sold one seat at a time: a pack of band 1, given to unit A until 1 July.
    ({ id: serviceId } = (await admin.data(admin.post('/api/Channel/CreateChannel', { name: 'Dịch vụ một chỗ', code, link: 'https://seat.example.test/', redirectLink: 'https://seat.example.test/cb' }))).result);
    const pack = await admin.data(admin.post('/api/ChannelPackage/Save', { name: `Gói một chỗ ${code}`, level: 'Essentials', userBand: '1', serviceIds: [serviceId], pricePerUserMonth: 100000 }));
    await admin.data(admin.post('/api/PackageServiceChannel/Update', { unitId, packageId: pack.id, startsAt: '2026-05-01T00:00:00.000Z', endsAt: '2026-07-01T00:00:00.000Z' }));
  });
  afterAll(() => t.close());

  const userIdOf = async (username: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
  const appsOf = async (api: Api) => (await api.data<BaseApp[]>(api.get('/api/User/GetListBaseApp'))).find((app) => app.baseAppCode === code);

  it('opens the service to the unit when its pack is given: the unit admin sees their own access row', async () => {
    const mine = await unitAdmin.data(unitAdmin.post('/api/UnitChannel/SearchChannelPage', { pageIndex: 1, pageSize: 50, serviceId }));
    expect(mine.records).toEqual([expect.objectContaining({ unitId, serviceCode: code, bought: true, grants: 0, status: 1 })]);
    accessId = mine.records[0].id;
    const theirs = await neighbour.data(neighbour.post('/api/UnitChannel/SearchChannelPage', { pageIndex: 1, pageSize: 50, serviceId }));
    expect(theirs.records).toEqual([]);
    expect((await neighbour.get(`/api/UnitChannel/GetUnitChannelById/${accessId}`)).statusCode).toBe(404);
  });

  it('gives each grant a seat and refuses one beyond the seats bought, naming the user', async () => {
    const first = await unitAdmin.data(unitAdmin.post('/api/AppUser/AddUpdate', { serviceId, userId: await userIdOf(DEMO_UNIT_USER.username) }));
    grantId = first.id;
    const refused = (await unitAdmin.post('/api/AppUser/AddUpdate', { serviceId, userId: await userIdOf(DEMO_UNIT_ADMIN.username) })).json();
    expect(refused).toMatchObject({ success: false, errorCode: 9165, errors: [{ field: 'body.userId' }] });
    expect(refused.busErrorMessage).toContain('1');
    expect(await unitAdmin.data(unitAdmin.get(`/api/UnitChannel/GetUnitChannelById/${accessId}`))).toMatchObject({ grants: 1 });
    // A grant switched off frees its seat; switching it on again takes one.
    await unitAdmin.data(unitAdmin.post('/api/AppUser/UpdateStatus', { id: grantId, status: 0 }));
    const other = await unitAdmin.data(unitAdmin.post('/api/AppUser/AddUpdate', { serviceId, userId: await userIdOf(DEMO_UNIT_ADMIN.username) }));
    expect((await unitAdmin.post('/api/AppUser/UpdateStatus', { id: grantId, status: 1 })).json()).toMatchObject({ success: false, errorCode: 9165 });
    await unitAdmin.data(unitAdmin.delete(`/api/AppUser/Delete/${other.id}`));
    await unitAdmin.data(unitAdmin.post('/api/AppUser/UpdateStatus', { id: grantId, status: 1 }));
  });

  it('lists the app for the granted user while access is on and the pack unexpired, at the server clock', async () => {
    expect(await appsOf(unitUser)).toMatchObject({ channelPackageStatus: 1 });
    // The unit admin holds no grant: not theirs to open.
    expect(await appsOf(unitAdmin)).toBeUndefined();

    await unitAdmin.data(unitAdmin.post('/api/UnitChannel/UpdateStatusChannelInUnit', { id: accessId, status: 0 }));
    expect(await appsOf(unitUser)).toBeUndefined();
    const record = await unitAdmin.data(unitAdmin.get(`/api/UnitChannel/GetUnitChannelById/${accessId}`));
    await unitAdmin.data(unitAdmin.post('/api/UnitChannel/AddUpdateChannelToUnit', { ...record, status: 1 }));
    expect(await appsOf(unitUser)).toMatchObject({ channelPackageStatus: 1 });

    clock.set(new Date('2026-07-01T00:00:01Z'));
    expect(await appsOf(unitUser)).toMatchObject({ channelPackageStatus: 0 });
    expect(await unitAdmin.data(unitAdmin.get(`/api/UnitChannel/GetUnitChannelById/${accessId}`))).toMatchObject({ bought: false });
    clock.set(new Date('2026-06-01T00:00:00Z'));
  });

  it('lets only platform staff add or remove a service of a unit, and keeps a row a pack holds', async () => {
    expect((await unitAdmin.post('/api/UnitChannel/AddUpdateChannelToUnit', { unitId, serviceId })).statusCode).toBe(403);
    expect((await unitAdmin.delete(`/api/UnitChannel/DeleteChannelInUnit?id=${accessId}`)).statusCode).toBe(403);
    expect((await admin.delete(`/api/UnitChannel/DeleteChannelInUnit?id=${accessId}`)).json()).toMatchObject({ success: false, errorCode: 9169 });
    const duplicate = (await admin.post('/api/UnitChannel/AddUpdateChannelToUnit', { unitId, serviceId })).json();
    expect(duplicate).toMatchObject({ success: false, errors: [{ field: 'body.serviceId' }] });
  });
});
