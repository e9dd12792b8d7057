import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActor, type TestActor } from '../../test/actors.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

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
    t = await startTestApp('pglite', { DEMO_DATA: '0' });
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
});
