import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_EVENTS, REALTIME_PATH, type UserNotification } from '@portal/contracts';
import { callApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { signIn } from '../../../test/oidc-client.ts';
import { DEMO_UNIT_ADMIN, startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.ts';
import { services, userNotifications } from '../../db/schema/index.ts';

const CRM_CALLBACK = 'https://crm.example.test/signin-callback';

describe.each(DATABASE_KINDS)('notifications pushed by a service app on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let basic: string;
  let userToken: string;
  let socket: Socket;

  const push = (body: object, authorization = basic) =>
    t.app.inject({ method: 'POST', url: '/api/Notification/Push', headers: { authorization, 'accept-language': 'en' }, payload: body });

  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await t.database.db.update(services).set({ link: 'https://crm.example.test/', redirectLink: CRM_CALLBACK }).where(eq(services.code, 'CRM'));
    const [crm] = await t.database.db.select({ id: services.id }).from(services).where(eq(services.code, 'CRM'));
    const admin = (await signIn(t.app, TEST_ADMIN)).access_token;
    const rotated = (await callApi(t.app, admin, '/api/Channel/RotateClientSecret', { id: crm!.id })).json().data;
    basic = `Basic ${Buffer.from(`${rotated.clientId}:${rotated.clientSecret}`).toString('base64')}`;
    userToken = (await signIn(t.app, DEMO_UNIT_ADMIN)).access_token;
    socket = io(url, { path: REALTIME_PATH, transports: ['websocket'], auth: { token: userToken }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  });
  afterAll(async () => {
    socket?.close();
    await t.close();
  });

  it('reaches the user at once over the live connection (PullMessage), and stays in their list', async () => {
    const received = new Promise<UserNotification>((resolve) => socket.once(REALTIME_EVENTS.pullMessage, resolve));
    const response = await push({ username: DEMO_UNIT_ADMIN.username, title: 'Khách hàng đang chờ', content: 'Cuộc hội thoại #42', interaction_id: 'conv-42' });
    expect(response.statusCode, response.body).toBe(200);
    const pushed = response.json().data as UserNotification;
    expect(pushed).toMatchObject({ serviceCode: 'CRM', serviceName: 'CRM', level: 'warning', title: 'Khách hàng đang chờ', interactionId: 'conv-42', read: false });
    expect(await received).toEqual(pushed);

    const mine = (await callApi(t.app, userToken, '/api/Notification/GetMine')).json().data as UserNotification[];
    expect(mine[0]).toEqual(pushed);
    // Another user's list does not hold it.
    const others = (await callApi(t.app, (await signIn(t.app, TEST_ADMIN)).access_token, '/api/Notification/GetMine')).json().data as UserNotification[];
    expect(others.map((notification) => notification.id)).not.toContain(pushed.id);
  });

  it('is marked read by its user only: the bell counts it no more, another user cannot mark it', async () => {
    const pushed = (await push({ username: DEMO_UNIT_ADMIN.username, title: 'Đơn hàng mới' })).json().data as UserNotification;
    const readState = async () => ((await callApi(t.app, userToken, '/api/Notification/GetMine')).json().data as UserNotification[]).find((n) => n.id === pushed.id)?.read;
    expect(await readState()).toBe(false);

    const other = (await signIn(t.app, TEST_ADMIN)).access_token;
    expect((await callApi(t.app, other, '/api/Notification/MarkRead', { ids: [pushed.id] })).json()).toMatchObject({ success: true, data: 0 });
    expect(await readState()).toBe(false);

    expect((await callApi(t.app, userToken, '/api/Notification/MarkRead', { ids: [pushed.id] })).json()).toMatchObject({ success: true, data: 1 });
    expect(await readState()).toBe(true);
    // Marking again changes nothing; ids that are not uuids are refused with the field named.
    expect((await callApi(t.app, userToken, '/api/Notification/MarkRead', { ids: [pushed.id] })).json().data).toBe(0);
    const bad = await callApi(t.app, userToken, '/api/Notification/MarkRead', { ids: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((error: { field: string }) => error.field)).toEqual(expect.arrayContaining([expect.stringMatching(/^body\.ids/)]));
  });

  it('refuses an app without its credentials, with a wrong secret, or a user it cannot reach, and keeps nothing', async () => {
    const body = { username: DEMO_UNIT_ADMIN.username, title: 'x' };
    const count = async () => (await t.database.db.select().from(userNotifications)).length;
    const before = await count();
    expect((await push(body, '')).statusCode).toBe(401);
    expect((await push(body, `Basic ${Buffer.from('CRM:wrong').toString('base64')}`)).statusCode).toBe(401);
    expect((await push(body, `Bearer ${userToken}`)).statusCode).toBe(401);
    const unknown = await push({ ...body, username: 'nobody.here' });
    expect(unknown.json()).toMatchObject({ success: false, errorCode: 7002 });
    const bad = await push({ username: DEMO_UNIT_ADMIN.username, title: '', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((error: { field: string }) => error.field)).toEqual(expect.arrayContaining(['body.title']));
    expect(await count()).toBe(before);
  });
});
