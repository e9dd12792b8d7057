import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { eventually } from '../../../test/eventually.ts';
import { availableOrFailInCi } from '../../../test/required-services.ts';
import { signIn, signOut } from '../../../test/oidc-client.ts';
import { DEMO_UNIT_ADMIN, DEMO_UNIT_USER, startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.ts';
import { REALTIME_EVENTS, REALTIME_PATH, REALTIME_SERVICE_RESTART } from '@portal/contracts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
const WITH_REDIS = DATABASE_KINDS.includes('postgres') && availableOrFailInCi(await redisAnswers(), `Redis does not answer at ${REDIS_URL}`);

const sockets: Socket[] = [];
afterEach(() => {
  while (sockets.length) sockets.pop()!.close();
});

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Connects like the SPA; answers once the server accepted or refused the handshake. */
async function connect(url: string, token: string | undefined): Promise<{ socket: Socket; error?: string }> {
  const socket = io(url, { path: REALTIME_PATH, transports: ['websocket'], auth: token ? { token } : {}, reconnection: false });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (error) => resolve({ socket, error: error.message }));
  });
}

function nextEvent<T = unknown>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe.each(DATABASE_KINDS)('live connection on %s', (kind) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  it('refuses a connection without a valid access token', async () => {
    expect((await connect(url, undefined)).error).toBe('unauthorized');
    expect((await connect(url, 'not-a-token')).error).toBe('unauthorized');
  });

  it('pushes sign-ins to the unit (UserAccess) and to platform staff (UserAccessSuperAdmin)', async () => {
    const unitAdmin = await connect(url, (await signIn(t.app, DEMO_UNIT_ADMIN)).access_token);
    const platform = await connect(url, (await signIn(t.app, TEST_ADMIN)).access_token);
    const unitEvent = nextEvent<{ username: string }>(unitAdmin.socket, REALTIME_EVENTS.userAccess);
    const platformEvent = nextEvent<{ username: string }>(platform.socket, REALTIME_EVENTS.userAccessSuperAdmin);
    await signIn(t.app, DEMO_UNIT_USER);
    expect((await unitEvent).username).toBe(DEMO_UNIT_USER.username);
    expect((await platformEvent).username).toBe(DEMO_UNIT_USER.username);
  });

  it("tells a user's connections when an administrator locks them", async () => {
    const user = { username: 'dung.minhphat', password: DEMO_UNIT_USER.password };
    const { socket } = await connect(url, (await signIn(t.app, user)).access_token);
    const ended = nextEvent(socket, REALTIME_EVENTS.sessionEnded);
    const admin = (await signIn(t.app, DEMO_UNIT_ADMIN)).access_token;
    const list = (await callApi(t.app, admin, '/api/User/SearchUserAdminUnitPage', { pageIndex: 1, pageSize: 50, keyword: user.username })).json();
    const id = list.data.records[0].id as string;
    expect((await callApi(t.app, admin, '/api/User/UpdateStatusUser', { id, status: 5 })).json()).toEqual({ success: true, data: true });
    await ended;
    expect((await callApi(t.app, admin, '/api/User/UpdateStatusUser', { id, status: 1 })).json()).toEqual({ success: true, data: true });
  });

  it('tells the connections of a session that it ended (sign-out, password change elsewhere)', async () => {
    const account = { username: 'giang.saoviet', password: 'Demo@2026' };
    const first = await signIn(t.app, account);
    const second = await signIn(t.app, account);
    const firstSocket = (await connect(url, first.access_token)).socket;
    const secondSocket = (await connect(url, second.access_token)).socket;

    let secondHeard = false;
    secondSocket.on(REALTIME_EVENTS.sessionEnded, () => (secondHeard = true));
    const ended = nextEvent(firstSocket, REALTIME_EVENTS.sessionEnded);
    await signOut(first);
    await ended;
    expect(secondHeard).toBe(false);

    const third = await signIn(t.app, account);
    const thirdEnded = nextEvent(secondSocket, REALTIME_EVENTS.sessionEnded);
    const changed = await callApi(t.app, third.access_token, '/api/User/RequestChangeMyPass', { oldPassword: 'Demo@2026', newPassword: 'Moved#2026', confirmPassword: 'Moved#2026' });
    expect(changed.json().data.enableVerify).toBe(false);
    await thirdEnded;
    // The old token no longer opens a connection.
    expect((await connect(url, second.access_token)).error).toBe('unauthorized');
  });
});

describe('live connection of a stopping instance', () => {
  it('is closed with 1012 (service restart) and a reason, which a client reconnects after', async () => {
    const t = await startTestApp(DATABASE_KINDS[0]!);
    try {
      const url = await listen(t.app);
      const { socket, error } = await connect(url, (await signIn(t.app, DEMO_UNIT_ADMIN)).access_token);
      expect(error).toBeUndefined();
      const closed = new Promise<{ reason: string; code?: number; text?: string }>((resolve) =>
        socket.once('disconnect', (reason, details) => {
          const event = (details as { context?: { code?: number; reason?: unknown } } | undefined)?.context;
          resolve({ reason, code: event?.code, text: String(event?.reason) });
        }),
      );
      await t.app.close();
      // "transport close", not "io server disconnect": Socket.IO's client reconnects after the first only.
      expect(await closed).toEqual({ reason: 'transport close', code: REALTIME_SERVICE_RESTART, text: 'server restarting' });
    } finally {
      await t.close();
    }
  });
});

describe.runIf(WITH_REDIS)('live connection across instances (PostgreSQL + Redis)', () => {
  it('reaches a connection held by another instance', async () => {
    const t = await startTestApp('postgres', { REDIS_URL });
    const other = await t.anotherInstance();
    try {
      await listen(t.app);
      const otherUrl = await listen(other.app);
      const session = await signIn(t.app, DEMO_UNIT_ADMIN);
      const { socket, error } = await connect(otherUrl, session.access_token);
      expect(error).toBeUndefined();
      const heard = nextEvent<{ username: string }>(socket, REALTIME_EVENTS.userAccess);
      // The other instance hears this one through Redis once its subscriptions are up: this
      // instance then finds the connection the other holds (fetchSockets asks over Redis too).
      await eventually(() => t.app.portal.realtime.usersOnline(null).catch(() => 0), (online) => online > 0, 'the connection seen across instances');
      await signIn(t.app, DEMO_UNIT_USER);
      expect((await heard).username).toBe(DEMO_UNIT_USER.username);
      const ended = nextEvent(socket, REALTIME_EVENTS.sessionEnded);
      await signOut(session);
      await ended;
    } finally {
      sockets.forEach((s) => s.close());
      await other.close();
      await t.close();
    }
  });
});
