import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { REALTIME_PATH, REALTIME_SERVICE_RESTART } from '@portal/contracts';
import { keepReconnecting, reconnectDelay, type ReconnectClock } from './live-reconnect.ts';

/** The reconnection's timer, run by the test: what was asked and when, fired on demand. */
function testClock(random = 0.5) {
  const pending: { ms: number; run: () => void }[] = [];
  const clock: ReconnectClock = {
    after(ms, run) {
      const entry = { ms, run };
      pending.push(entry);
      return () => pending.splice(pending.indexOf(entry), 1);
    },
    random: () => random,
  };
  return { clock, pending, fire: () => pending.shift()!.run() };
}

/** The arguments of the socket's next `event`. */
function next(socket: Socket, event: 'connect' | 'disconnect' | 'connect_error'): Promise<unknown[]> {
  return new Promise((resolve) => socket.once(event, (...args: unknown[]) => resolve(args)));
}

const closing: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  while (closing.length) await closing.pop()!();
});

/** A real Socket.IO server as the portal's (WebSocket only), counting the connections it accepted. */
async function startServer() {
  const http = createServer();
  const server = new Server(http, { path: REALTIME_PATH, transports: ['websocket'] });
  let connections = 0;
  server.on('connection', (socket) => {
    connections += 1;
    socket.on('ping-me', (answer: (text: string) => void) => answer('pong'));
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  closing.push(() => server.close());
  const restart = () => {
    // What a stopping instance does (platform/realtime): close each WebSocket with 1012.
    const { clients } = server.engine as unknown as { clients: Record<string, { transport: unknown }> };
    for (const connection of Object.values(clients)) {
      (connection.transport as { socket: { close(code: number, reason: string): void } }).socket.close(REALTIME_SERVICE_RESTART, 'server restarting');
    }
  };
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, connections: () => connections, restart, server };
}

describe('the live connection after its instance restarts (1012)', () => {
  it('reconnects soon, with jitter, and what it listened to works again', async () => {
    const server = await startServer();
    const { clock, pending, fire } = testClock(0.5);
    const socket = io(server.url, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false });
    closing.push(() => void socket.close());
    const stop = keepReconnecting(socket, clock);
    closing.push(stop);
    await next(socket, 'connect');
    expect(server.connections()).toBe(1);

    const lost = next(socket, 'disconnect');
    server.restart();
    const [reason] = await lost;
    expect(reason).toBe('transport close');
    expect(pending.map((entry) => entry.ms)).toEqual([700]);
    const back = next(socket, 'connect');
    fire();
    await back;
    expect(server.connections()).toBe(2);
    expect(await socket.emitWithAck('ping-me')).toBe('pong');
  });

  it('tries again, backing off, while no instance answers', async () => {
    const server = await startServer();
    const { clock, pending, fire } = testClock(0.5);
    const socket = io(server.url, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false });
    closing.push(() => void socket.close());
    closing.push(keepReconnecting(socket, clock));
    await next(socket, 'connect');
    const lost = next(socket, 'disconnect');
    server.restart();
    await lost;
    await server.server.close();
    const failed = next(socket, 'connect_error');
    fire();
    await failed;
    expect(pending.map((entry) => entry.ms)).toEqual([2000]);
  });

  it('does not reconnect after the client closed it', async () => {
    const server = await startServer();
    const { clock, pending } = testClock();
    const socket = io(server.url, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false });
    closing.push(keepReconnecting(socket, clock));
    await next(socket, 'connect');
    socket.close();
    expect(pending).toEqual([]);
  });

  it('does not reconnect once closed by its owner while an attempt was waiting (signed out)', async () => {
    const server = await startServer();
    const { clock, pending, fire } = testClock();
    const socket = io(server.url, { path: REALTIME_PATH, transports: ['websocket'], reconnection: false });
    closing.push(keepReconnecting(socket, clock));
    await next(socket, 'connect');
    const lost = next(socket, 'disconnect');
    server.restart();
    await lost;
    expect(pending).toHaveLength(1);
    let asked = 0;
    const connect = socket.connect.bind(socket);
    socket.connect = () => {
      asked += 1;
      return connect();
    };
    socket.close();
    fire();
    expect(socket.active).toBe(false);
    expect(asked).toBe(0);
  });

  it('backs off when no instance answers, and a restart is answered soon', () => {
    expect(reconnectDelay(REALTIME_SERVICE_RESTART, 0, 0)).toBe(200);
    expect(reconnectDelay(REALTIME_SERVICE_RESTART, 0, 1)).toBe(1200);
    expect(reconnectDelay(undefined, 0, 0.5)).toBe(1000);
    expect(reconnectDelay(REALTIME_SERVICE_RESTART, 2, 0.5)).toBe(4000);
    expect(reconnectDelay(undefined, 10, 1)).toBe(45_000);
  });
});
