import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActor, type TestActor } from '../../test/actors.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { PER_ADDRESS_LIMITS } from '../platform/ip-limits.ts';

const REQUEST_TIMEOUT_MS = 1500;

/**
 * Bad input at the edges, on every /api route: malformed JSON, a wrong content type, a body
 * over the limit, a polluted query; and headers too large for the HTTP parser. Each gets a 4xx
 * envelope (never a 500) and the server stays healthy. The input handling is the same on
 * either database, so PGlite serves.
 */
describe('bad input at the edges', () => {
  let t: TestApp;
  let admin: TestActor;

  beforeAll(async () => {
    t = await startTestApp('pglite', { DEMO_DATA: '0', REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
    admin = await signInActor(t, 'platformAdmin');
  });
  afterAll(() => t?.close());

  const isEnvelope4xx = (reply: LightMyRequestResponse) => {
    if (reply.statusCode < 400 || reply.statusCode >= 500) return false;
    const body = reply.json() as { success?: boolean; errorCode?: number };
    return body.success === false && typeof body.errorCode === 'number';
  };

  it('refuses each kind of bad input on every route with a 4xx envelope and stays healthy', async () => {
    const cases = (url: string, method: string): [string, InjectOptions][] => {
      const path = url.replaceAll(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const polluted = `${path}?pageIndex=1&pageIndex=2&id=a&id=b&keyword[$ne]=x`;
      if (method === 'GET' || method === 'DELETE') return [['polluted query', { method, url: polluted, headers: admin.headers }]];
      const json = { ...admin.headers, 'content-type': 'application/json' };
      return [
        ['malformed JSON', { method, url: path, headers: json, payload: '{"name": "x",' }],
        ['wrong content type', { method, url: path, headers: { ...admin.headers, 'content-type': 'text/xml' }, payload: '<name>x</name>' }],
        ['oversized body', { method, url: path, headers: json, payload: JSON.stringify({ name: 'x'.repeat(1100 * 1024) }) }],
        ['polluted query', { method, url: polluted, headers: json, payload: '{}' }],
      ];
    };
    const failures: string[] = [];
    let sent = 0;
    for (const route of t.app.routeTable) {
      for (const [name, options] of cases(route.url, route.method)) {
        const reply = await t.app.inject(options);
        sent += 1;
        // A polluted query may still be a valid call (the first value wins); it must never be a 500.
        const acceptable = name === 'polluted query' ? reply.statusCode < 500 : isEnvelope4xx(reply);
        if (!acceptable) failures.push(`${route.method} ${route.url} ${name}: ${reply.statusCode} ${reply.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(100);
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('answers headers too large for the parser with 431 and the envelope', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ port, host: '127.0.0.1', path: '/api/User/GetListMenus', headers: { 'x-huge': 'h'.repeat(64 * 1024) } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(reply.status).toBe(431);
    expect(JSON.parse(reply.body)).toMatchObject({ success: false, errorCode: 9400 });
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  });

  it('cuts off a client that dribbles its request, with 408 and the envelope, and keeps serving others', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('POST /api/Account/ForgotPassword HTTP/1.1\r\nHost: portal\r\n'));
      // One header byte every 200 ms: never a whole request.
      const drip = setInterval(() => socket.writable && socket.write('X'), 200);
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('close', () => {
        clearInterval(drip);
        resolve(received);
      });
      socket.on('error', reject);
    });
    // The 408 is the request timeout's answer (nothing else sends it); how long the machine took to give it is not asserted.
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, errorCode: 9400 });
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  });

  it('believes X-Forwarded-For only from a trusted proxy, so a client cannot dodge the per-address limits', async () => {
    const { limit } = PER_ADDRESS_LIMITS.passwordReset;
    const reset = (remoteAddress: string, n: number) =>
      t.app.inject({ method: 'POST', url: '/api/Account/ForgotPassword', remoteAddress, headers: { 'x-forwarded-for': `198.51.100.${n % 250}` }, payload: { email: `nobody${n}@example.com` } });
    // Straight from the internet, a made-up X-Forwarded-For on every request changes nothing.
    const direct = [];
    for (let n = 0; n <= limit; n++) direct.push((await reset('203.0.113.7', n)).statusCode);
    expect(direct.slice(0, limit).includes(429)).toBe(false);
    expect(direct[limit]).toBe(429);
    // Through the load balancer (loopback by default), each forwarded client counts apart.
    for (let n = 0; n <= limit; n++) expect((await reset('127.0.0.1', 1000 + n)).statusCode).not.toBe(429);
  });
});
