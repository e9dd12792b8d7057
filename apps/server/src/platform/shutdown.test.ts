import { once } from 'node:events';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { drain } from './shutdown.ts';

/** Everything a raw connection receives until the server closes it. */
function received(socket: Socket): Promise<string> {
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  return once(socket, 'close').then(() => text);
}

describe('an instance drained before it closes (SIGTERM)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(DATABASE_KINDS[0]!);
  });
  afterAll(() => t.close());

  it('fails readiness, refuses new connections, finishes the request in flight, then ends', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);

    // A request in flight: its head is half sent (the server has begun reading it) when the drain begins.
    const inFlight = connect(port, '127.0.0.1');
    await once(inFlight, 'connect');
    const answer = received(inFlight);
    inFlight.write('GET /healthz HTTP/1.1\r\nHost: portal.test\r\n');
    // One whole request on another connection: the server has read the first by the time it answers.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'close' } })).status).toBe(200);

    let drained = false;
    const draining = drain(t.app, () => {}).then(() => (drained = true));
    const readiness = await t.app.inject({ url: '/readyz' });
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toEqual({ status: 'draining' });
    expect(readiness.headers.connection).toBe('close');
    // A balancer's new connection is refused: it tries another instance, nothing was sent.
    const refused = connect(port, '127.0.0.1');
    const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');
    expect(drained).toBe(false);

    inFlight.write('\r\n');
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(text).toContain('"status":"ok"');
    await draining;
    expect(drained).toBe(true);
  });
});
