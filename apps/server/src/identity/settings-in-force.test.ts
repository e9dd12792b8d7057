import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { signInActor } from '../../test/actors.ts';
import { apiAs, type Api } from '../../test/api.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { interactionPost, startAuthorization, TestBrowser } from '../../test/oidc-client.ts';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/smtp-server.ts';
import { users, verificationCodes } from '../db/schema/index.ts';
import { CODE_PURPOSES, issueCode } from './verification-codes.ts';

type Setting = { id: string; key: string; value: string };

/** Settings changed in System → configuration hold for the very next sign-in, code or link, without a restart. */
describe.each(DATABASE_KINDS)('settings in force on %s', (kind) => {
  let t: TestAppWithMail;
  let platform: Api;
  beforeAll(async () => {
    t = await startTestAppWithMail(kind);
    platform = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
  });
  afterAll(() => t.close());

  async function change(key: string, value: string) {
    const page = await platform.data<{ records: Setting[] }>(platform.post('/api/ConfigData/GetAll', { pageIndex: 1, pageSize: 50, keyword: key }));
    await platform.data(platform.post('/api/ConfigData/Update', { ...page.records.find((r) => r.key === key)!, value }));
  }
  async function attempt(app: FastifyInstance, username: string, password: string) {
    const browser = new TestBrowser(app);
    const { uid } = await startAuthorization(browser);
    return (await interactionPost(browser, uid!, 'login', { username, password })).body;
  }
  const minutesLeft = (until: Date) => (until.getTime() - Date.now()) / 60_000;

  it('locks after the configured number of wrong passwords, on another instance too', async () => {
    await change('LOCKOUT_MAX_FAILED_ATTEMPTS', '3');
    // PGlite serves one instance; several share a PostgreSQL server.
    const other = kind === 'postgres' ? await t.anotherInstance() : undefined;
    try {
      const app = other?.app ?? t.app;
      for (let i = 1; i <= 2; i++) expect(await attempt(app, 'chi.minhphat', 'Wrong#Pass1')).toMatchObject({ success: false, errorCode: 2 });
      expect(await attempt(app, 'chi.minhphat', 'Wrong#Pass1')).toMatchObject({ success: false, errorCode: 17 });
    } finally {
      await other?.close();
    }
    await change('LOCKOUT_MAX_FAILED_ATTEMPTS', '6');
    for (let i = 1; i <= 5; i++) expect(await attempt(t.app, 'dung.minhphat', 'Wrong#Pass1')).toMatchObject({ errorCode: 2 });
    expect(await attempt(t.app, 'dung.minhphat', 'Wrong#Pass1')).toMatchObject({ errorCode: 17 });
  });

  it('e-mailed codes live as long as configured', async () => {
    await change('ONE_TIME_CODE_TTL_MINUTES', '2');
    const issued = await issueCode(t.database.db, new Date(), CODE_PURPOSES.signUp, 'settings-test-subject');
    expect(issued.ttlMinutes).toBe(2);
    const [row] = await t.database.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, CODE_PURPOSES.signUp.key), eq(verificationCodes.subject, 'settings-test-subject')));
    expect(minutesLeft(row!.expiresAt)).toBeGreaterThan(1.9);
    expect(minutesLeft(row!.expiresAt)).toBeLessThanOrEqual(2);
  });

  it('password-reset links live as long as configured, and the mail and the answer say so', async () => {
    await change('PASSWORD_RESET_LINK_TTL_MINUTES', '15');
    const asked = await t.app.inject({ method: 'POST', url: '/api/Account/ForgotPassword', payload: { email: 'giang@minhphat.example.com' }, headers: { 'accept-language': 'en' } });
    expect(asked.json()).toEqual({ success: true, data: { validMinutes: 15 } });
    const mail = await t.smtp.next('giang@minhphat.example.com');
    expect(mail.text).toContain('15');
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'giang.minhphat'));
    const [row] = await t.database.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.purpose, 'password_reset'), eq(verificationCodes.subject, user!.id)));
    expect(minutesLeft(row!.expiresAt)).toBeGreaterThan(14.9);
    expect(minutesLeft(row!.expiresAt)).toBeLessThanOrEqual(15);
  });
});
