import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { interactionPost, refresh, signIn, startAuthorization, TestBrowser } from '../../../test/oidc-client.ts';
import { DEMO_UNIT_USER, startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.ts';
import { startMetricsServer } from './metrics-routes.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The Prometheus text format, read as a scraper would: `name{labels} value` per sample. */
function parseSamples(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    samples.set(`${match[1]}${match[2] ?? ''}`, Number(match[3]));
  }
  return samples;
}

describe.each(DATABASE_KINDS)('metrics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  async function scrape(): Promise<Map<string, number>> {
    const answer = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseSamples(answer.body);
  }
  const at = (samples: Map<string, number>, key: string) => samples.get(key) ?? 0;

  it('asks the bearer token on the public port', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Basic YTpi' } })).statusCode).toBe(401);
  });

  it('counts real sign-ins and token grants by outcome, times routes by pattern', async () => {
    const before = await scrape();
    const tokens = await signIn(t.app, TEST_ADMIN);
    await signIn(t.app, DEMO_UNIT_USER);
    const browser = new TestBrowser(t.app);
    const { uid } = await startAuthorization(browser);
    expect((await interactionPost(browser, uid!, 'login', { username: DEMO_UNIT_USER.username, password: 'Wrong#Pass1' })).body.success).toBe(false);
    expect((await refresh(tokens.browser, tokens.refresh_token!)).statusCode).toBe(200);
    expect((await refresh(tokens.browser, 'not-a-refresh-token')).statusCode).toBe(400);

    const after = await scrape();
    const moved = (key: string) => at(after, key) - at(before, key);
    expect(moved('portal_sign_ins_total{outcome="success"}')).toBe(2);
    expect(moved('portal_sign_ins_total{outcome="wrong_password"}')).toBe(1);
    expect(moved('portal_token_grants_total{grant_type="authorization_code",outcome="success"}')).toBe(2);
    expect(moved('portal_token_grants_total{grant_type="refresh_token",outcome="success"}')).toBe(1);
    expect(moved('portal_token_grants_total{grant_type="refresh_token",outcome="invalid_grant"}')).toBe(1);
    // The route's pattern, not the URL with its interaction id.
    expect(moved('portal_http_request_duration_seconds_count{route="/oidc/interaction/:uid/login",method="POST",status="200"}')).toBe(3);
    expect([...after.keys()].some((key) => key.includes(uid!))).toBe(false);
    expect(at(after, 'portal_active_sessions')).toBeGreaterThanOrEqual(2);
  });

  it('reports each outbox, the event loop and the process', async () => {
    const samples = await scrape();
    for (const outbox of ['mail', 'sms', 'campaigns', 'provisioning']) {
      expect(samples.has(`portal_outbox_depth{outbox="${outbox}"}`)).toBe(true);
      expect(samples.has(`portal_outbox_oldest_age_seconds{outbox="${outbox}"}`)).toBe(true);
    }
    expect(samples.has('nodejs_eventloop_lag_seconds')).toBe(true);
    expect(samples.has('process_cpu_user_seconds_total')).toBe(true);
    expect(samples.has('portal_live_connections')).toBe(true);
    expect(samples.has('portal_db_pool_connections{state="idle"}')).toBe(kind === 'postgres');
  });

  it('serves the separate listener without a token', async () => {
    const server = await startMetricsServer(t.app.portal.metrics, { port: 0, host: '127.0.0.1' });
    try {
      const { port } = server.server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(answer.status).toBe(200);
      expect(parseSamples(await answer.text()).has('portal_sign_ins_total{outcome="success"}')).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe('metrics without METRICS_TOKEN', () => {
  it('are not served on the public port at all', async () => {
    const t = await startTestApp('pglite');
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
