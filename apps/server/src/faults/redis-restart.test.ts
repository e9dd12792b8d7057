import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_EVENTS, REALTIME_PATH } from '@portal/contracts';
import { callApi } from '../../test/api.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { eventually } from '../../test/eventually.ts';
import { signIn } from '../../test/oidc-client.ts';
import { OWN_REDIS_AVAILABLE, startOwnRedis, type OwnRedis } from '../../test/own-services.ts';
import { DEMO_UNIT_ADMIN, DEMO_UNIT_USER, startTestApp, type TestApp } from '../../test/test-app.ts';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * Redis (a server of this test's own) is killed and started again under two instances: live
 * updates between the instances pause and resume by themselves; sign-in and the API go on.
 */
describe.runIf(OWN_REDIS_AVAILABLE && DATABASE_KINDS.includes('postgres'))('Redis restarts under two instances', () => {
  let redis: OwnRedis;
  let t: TestApp;
  let other: { app: FastifyInstance; close: () => Promise<void> };
  let socket: Socket;

  beforeAll(async () => {
    redis = await startOwnRedis();
    t = await startTestApp('postgres', { REDIS_URL: redis.url });
    other = await t.anotherInstance();
  });
  afterAll(async () => {
    socket?.close();
    await other?.close();
    await t?.close();
    await redis?.destroy();
  });

  /** A sign-in on the first instance reaches the connection held by the second. */
  const signInIsHeard = async () => {
    const heard = new Promise<void>((resolve) => socket.once(REALTIME_EVENTS.userAccess, () => resolve()));
    await signIn(t.app, DEMO_UNIT_USER);
    await heard;
  };
  /**
   * The instances hear each other through Redis: the first finds the connection the second
   * holds (fetchSockets asks over Redis, on the connections that carry the events too).
   */
  const linked = () => eventually(() => t.app.portal.realtime.usersOnline(null).catch(() => 0), (online) => online > 0, 'the instances linked through Redis');

  it('pauses live updates while Redis is away and resumes them; nothing else breaks', async () => {
    await listen(t.app);
    const otherUrl = await listen(other.app);
    const admin = await signIn(t.app, DEMO_UNIT_ADMIN);
    socket = io(otherUrl, { path: REALTIME_PATH, transports: ['websocket'], auth: { token: admin.access_token }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await linked();
    await signInIsHeard();

    await redis.stop();
    // Without Redis: sign-in, the API and readiness on both instances go on; the event is lost.
    const user = await signIn(t.app, DEMO_UNIT_USER);
    for (const app of [t.app, other.app]) {
      expect((await callApi(app, user.access_token, '/api/User/GetListMenus')).json()).toMatchObject({ success: true });
      expect((await app.inject('/readyz')).statusCode).toBe(200);
    }
    expect(socket.connected).toBe(true);

    await redis.start();
    const returnedAt = performance.now();
    await linked();
    await signInIsHeard();
    const resumedMs = performance.now() - returnedAt;
    console.log(`Redis restart: live updates between instances resumed ${Math.round(resumedMs)} ms after Redis returned`);
  });
});
