import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { actionLogs, services } from '../db/schema/index.ts';
import { enqueueMail } from './mail/outbox.ts';
import { bearer, refresh, signIn } from '../../test/oidc-client.ts';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-server.ts';
import { DEMO_UNIT_USER, startTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app.ts';

const NEW_PASSWORD = 'Fresh#Pass2026';
const CREDENTIAL = 'scim-bearer-credential-7f3a9c';
const SMTP_PASSWORD = 'smtp-secret-4e8b1d';

/**
 * Every line the server writes at the most talkative level during the flows that carry secrets:
 * none of those secrets may appear in any line, whatever the field that held it.
 */
describe('log lines', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  const lines: string[] = [];
  beforeAll(async () => {
    // A real SMTP server that turns every connection away: each delivery fails, and says so in the log.
    smtp = await startSmtpCapture();
    smtp.refuse(true);
    t = await startTestApp(
      'pglite',
      { LOG_LEVEL: 'trace', INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64'), SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}` },
      { logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('are JSON with a request id, one per request at info, and leave no secret behind', async () => {
    const user = await signIn(t.app, DEMO_UNIT_USER);
    const refreshed = await refresh(user.browser, user.refresh_token!);
    expect(refreshed.statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/User/RequestChangeMyPass',
      headers: { ...bearer(user.access_token), 'x-request-id': 'req-change-pass-0001' },
      payload: { oldPassword: DEMO_UNIT_USER.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    });
    expect(changed.json()).toMatchObject({ success: true });
    expect(changed.headers['x-request-id']).toBe('req-change-pass-0001');

    const admin = await signIn(t.app, TEST_ADMIN);
    const [crm] = await t.database.db.select({ id: services.id }).from(services).where(eq(services.code, 'CRM'));
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/IntegrateDefault/Create',
      headers: { ...bearer(admin.access_token), 'x-request-id': 'req-integration-0001' },
      payload: { serviceId: crm!.id, scimEndpoint: 'https://crm.example.test/scim/v2/{tenant}', backchannelLogoutUri: 'https://crm.example.test/bcl', enabled: true, credential: CREDENTIAL },
    });
    expect(saved.json()).toMatchObject({ success: true });
    // The action log entry names the request, as the log lines do.
    expect(await t.database.db.select({ id: actionLogs.id }).from(actionLogs).where(eq(actionLogs.requestId, 'req-integration-0001'))).toHaveLength(1);

    // A made-up id that is not a plain token is replaced, not echoed.
    const odd = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id\twith spaces' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    // A mail the SMTP server turns away: the failure is logged, the URL's password is not.
    await enqueueMail(t.database.db, { kind: 'campaign', to: 'someone@example.com', subject: 'Hello', text: 'Hello', language: 'vi' }, { deliver: true });
    await t.app.portal.mailer.worker!.runOnce();

    const parsed = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    expect(parsed.filter((line) => line.reqId === 'req-change-pass-0001' && line.msg === 'request')).toHaveLength(1);
    // (The password change's notice failed alike.)
    expect(parsed.filter((line) => line.msg === 'mail delivery failed; will retry').length).toBeGreaterThan(0);
    const secrets = [
      SMTP_PASSWORD,
      // The token exchange's authorization code and PKCE verifier.
      user.code,
      user.verifier,
      admin.code,
      admin.verifier,
      DEMO_UNIT_USER.password,
      NEW_PASSWORD,
      TEST_ADMIN.password,
      CREDENTIAL,
      user.access_token,
      user.refresh_token!,
      user.id_token,
      admin.access_token,
      (refreshed.json() as { access_token: string }).access_token,
    ];
    const text = lines.join('');
    for (const secret of secrets) expect(text, 'a secret in the log').not.toContain(secret);
    expect(lines.length).toBeGreaterThan(10);
  });

  it('put the request id of a 5xx answer in its envelope and in the line that tells the error', async () => {
    const admin = await signIn(t.app, TEST_ADMIN);
    // The database made to fail the query: its table gone for the time of one request.
    await t.database.db.execute(sql`alter table integrations rename to integrations_away`);
    let failed;
    try {
      failed = await t.app.inject({ method: 'POST', url: '/api/IntegrateDefault/GetAll', headers: { ...bearer(admin.access_token), 'x-request-id': 'req-forced-500-0001' }, payload: {} });
    } finally {
      await t.database.db.execute(sql`alter table integrations_away rename to integrations`);
    }
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ success: false, requestId: 'req-forced-500-0001' });
    const parsed = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string; level?: number });
    expect(parsed.some((line) => line.reqId === 'req-forced-500-0001' && line.msg === 'unhandled error' && line.level === 50)).toBe(true);
  });
});
