import type { AddressInfo } from 'node:net';
import { eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FA_STATUS, USER_STATUS } from '@portal/contracts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { interactionPost, refresh, signIn, startAuthorization, TestBrowser } from '../../../test/oidc-client.ts';
import { DEMO_PASSWORD, passkeyJourneys } from '../../../test/passkeys.ts';
import { CRM_APP, registerCrmApp } from '../../../test/service-client.ts';
import { DEMO_UNIT_USER, startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.ts';
import { mailOutbox, provisioningOutbox, smsOutbox, twoFactorConfigs, unitPackages, units, users, userTwoFactor } from '../../db/schema/index.ts';
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

  it('counts refused passkey sign-ins, and passwords refused because the policy asks for the passkey', async () => {
    const journeys = passkeyJourneys(t);
    const { authenticator } = await journeys.withPasskey('chi.minhphat');
    const before = await scrape();
    expect((await journeys.passkeySignIn(authenticator, { origin: 'https://evil.example' })).body).toMatchObject({ success: false, errorCode: 9200 });
    const passkeyOnly = { status: TWO_FA_STATUS.enabled, requiredFactor: 'passkey' } as const;
    await t.database.db
      .insert(twoFactorConfigs)
      .values({ unitId: null, trigger: 'new_device', ...passkeyOnly })
      .onConflictDoUpdate({ target: twoFactorConfigs.unitId, set: passkeyOnly });
    try {
      const browser = new TestBrowser(t.app);
      const { uid } = await startAuthorization(browser);
      expect((await interactionPost(browser, uid!, 'login', { username: 'chi.minhphat', password: DEMO_PASSWORD })).body).toMatchObject({ errorCode: 9202 });
    } finally {
      await t.database.db.update(twoFactorConfigs).set({ status: TWO_FA_STATUS.disabled, requiredFactor: 'any' }).where(isNull(twoFactorConfigs.unitId));
    }
    const after = await scrape();
    const moved = (key: string) => at(after, key) - at(before, key);
    expect(moved('portal_sign_ins_total{outcome="passkey_failed"}')).toBe(1);
    expect(moved('portal_sign_ins_total{outcome="passkey_required"}')).toBe(1);
    expect(moved('portal_sign_ins_total{outcome="success"}')).toBe(0);
  });

  it('counts each way a sign-in is refused or asked more', async () => {
    const { db } = t.database;
    const idOf = async (username: string) => (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
    // A locked account, a disabled one, one with two-factor on; a unit whose pack has ended, signing into a service.
    await db.update(users).set({ lockedUntil: new Date(Date.now() + 60 * 60_000) }).where(eq(users.username, 'chi.minhphat'));
    await db.update(users).set({ status: USER_STATUS.lock }).where(eq(users.username, 'dung.minhphat'));
    await db.insert(userTwoFactor).values({ userId: await idOf('giang.minhphat'), enabledAt: new Date() });
    await registerCrmApp(t);
    const [saoviet] = await db.select({ id: units.id }).from(units).where(eq(units.tenantId, 'saoviet'));
    await db.update(unitPackages).set({ endsAt: new Date(Date.now() - 60_000) }).where(eq(unitPackages.unitId, saoviet!.id));
    const login = async (username: string) => {
      const browser = new TestBrowser(t.app);
      const { uid } = await startAuthorization(browser);
      return { browser, uid: uid!, body: (await interactionPost(browser, uid!, 'login', { username, password: DEMO_PASSWORD })).body };
    };

    const before = await scrape();
    expect((await login('chi.minhphat')).body).toMatchObject({ success: false });
    expect((await login('dung.minhphat')).body).toMatchObject({ success: false });
    const asked = await login('giang.minhphat');
    expect(asked.body.data).toMatchObject({ status: 'verify', purpose: 'two_factor' });
    const wrongCode = await interactionPost(asked.browser, asked.uid, 'two-factor', { code: '000000' });
    expect(wrongCode.body.success).toBe(false);
    const portal = await signIn(t.app, { username: 'binh.saoviet', password: DEMO_PASSWORD });
    const crm = await startAuthorization(portal.browser, { clientId: CRM_APP.clientId, redirectUri: CRM_APP.redirectUri, scope: 'openid' });
    expect((await portal.browser.request('GET', `/oidc/interaction/${crm.uid}/details`)).json()).toMatchObject({ success: false });

    const after = await scrape();
    const moved = (outcome: string) => at(after, `portal_sign_ins_total{outcome="${outcome}"}`) - at(before, `portal_sign_ins_total{outcome="${outcome}"}`);
    expect(moved('locked')).toBe(1);
    expect(moved('disabled')).toBe(1);
    expect(moved('two_factor_asked')).toBe(1);
    expect(moved('two_factor_failed')).toBe(1);
    expect(moved('refused_by_entitlement')).toBe(1);
    // binh.saoviet's own sign-in into the portal.
    expect(moved('success')).toBe(1);
    expect(moved('wrong_password')).toBe(0);
  });

  it('reports each outbox’s depth and oldest age from the rows waiting in it', async () => {
    const { db } = t.database;
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    // Rows no worker takes now: no SMTP server nor SMS gateway is set up, and the provisioning row waits for a retry an hour away.
    const mail = await db
      .insert(mailOutbox)
      .values([10, 5, 1].map((minutes) => ({ kind: 'campaign', recipient: `wait${minutes}@example.com`, language: 'vi', subject: 'Chờ', textBody: 'Chờ', status: 0, createdAt: minutesAgo(minutes) })))
      .returning({ id: mailOutbox.id });
    const sms = await db
      .insert(smsOutbox)
      .values([7, 2].map((minutes) => ({ kind: 'campaign', phone: '0900000000', body: 'Chờ', encoding: 'GSM7' as const, segments: 1, status: 0, createdAt: minutesAgo(minutes) })))
      .returning({ id: smsOutbox.id });
    const provisioning = await db
      .insert(provisioningOutbox)
      .values({ objectType: 'logout', objectId: 'metrics-test', status: 0, attempts: 1, nextAttemptAt: new Date(Date.now() + 60 * 60_000), createdAt: minutesAgo(30) })
      .returning({ id: provisioningOutbox.id });
    try {
      const samples = await scrape();
      expect(at(samples, 'portal_outbox_depth{outbox="mail"}')).toBeGreaterThanOrEqual(3);
      expect(at(samples, 'portal_outbox_oldest_age_seconds{outbox="mail"}')).toBeGreaterThanOrEqual(10 * 60);
      expect(at(samples, 'portal_outbox_depth{outbox="sms"}')).toBe(2);
      expect(at(samples, 'portal_outbox_oldest_age_seconds{outbox="sms"}')).toBeGreaterThanOrEqual(7 * 60);
      expect(at(samples, 'portal_outbox_oldest_age_seconds{outbox="sms"}')).toBeLessThan(8 * 60);
      expect(at(samples, 'portal_outbox_depth{outbox="provisioning"}')).toBeGreaterThanOrEqual(1);
      expect(at(samples, 'portal_outbox_oldest_age_seconds{outbox="provisioning"}')).toBeGreaterThanOrEqual(30 * 60);
      expect(at(samples, 'portal_outbox_rows{outbox="sms",state="pending"}')).toBe(2);
    } finally {
      await db.delete(mailOutbox).where(inArray(mailOutbox.id, mail.map((row) => row.id)));
      await db.delete(smsOutbox).where(inArray(smsOutbox.id, sms.map((row) => row.id)));
      await db.delete(provisioningOutbox).where(inArray(provisioningOutbox.id, provisioning.map((row) => row.id)));
    }
    const emptied = await scrape();
    expect(at(emptied, 'portal_outbox_depth{outbox="sms"}')).toBe(0);
    expect(at(emptied, 'portal_outbox_oldest_age_seconds{outbox="sms"}')).toBe(0);
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
