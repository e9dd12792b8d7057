import { and, asc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_ACTION, LOG_OBJECT, PORTAL_NAME } from '@portal/contracts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { callApi } from '../../../test/api.ts';
import { interactionPost, signIn, startAuthorization, TestBrowser } from '../../../test/oidc-client.ts';
import { startTestAppWithMail, type TestAppWithMail } from '../../../test/smtp-server.ts';
import { actionLogs, users, userTotp } from '../../db/schema/index.ts';

const PASSWORD = 'Demo@2026';
const codeAt = (secret: string, step: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * 30_000 });
const nowStep = () => Math.floor(Date.now() / 30_000);

describe.each(DATABASE_KINDS)('authenticator app on %s', (kind) => {
  let t: TestAppWithMail;
  beforeAll(async () => {
    t = await startTestAppWithMail(kind);
  });
  afterAll(() => t.close());

  it('enrols with the shown secret, asks for its code at sign-in, refuses a reused code, and locks after wrong ones', async () => {
    const { access_token } = await signIn(t.app, { username: 'binh.hoanglong', password: PASSWORD });
    const started = (await callApi(t.app, access_token, '/api/TwoFA/StartApp', { password: PASSWORD })).json().data;
    const issuer = encodeURIComponent(PORTAL_NAME);
    expect(started.uri).toMatch(new RegExp(`^otpauth://totp/${issuer}:binh\\.hoanglong\\?.*issuer=${issuer}`));
    expect(started.qrCode).toMatch(/^data:image\/png;base64,/);
    const [stored] = await t.database.db.select().from(userTotp);
    expect(stored).toMatchObject({ sealedSecret: null, confirmedAt: null });
    expect(stored!.pendingSealedSecret).not.toContain(started.secret);

    const wrong = codeAt(started.secret, nowStep() + 5);
    expect((await callApi(t.app, access_token, '/api/TwoFA/ConfirmApp', { code: wrong })).json()).toMatchObject({ success: false, errorCode: 9005 });
    const confirmed = (await callApi(t.app, access_token, '/api/TwoFA/ConfirmApp', { code: codeAt(started.secret, nowStep()) })).json();
    expect(confirmed.data.recoveryCodes).toHaveLength(10);

    // At sign-in on a new device: the app's code, no mail.
    const browser = new TestBrowser(t.app);
    const { uid } = await startAuthorization(browser);
    const login = await interactionPost(browser, uid!, 'login', { username: 'binh.hoanglong', password: PASSWORD });
    expect(login.body.data).toMatchObject({ status: 'verify', purpose: 'two_factor', method: 'app' });
    // The confirming code's step was used: the same code is refused.
    expect((await interactionPost(browser, uid!, 'two-factor', { appCode: codeAt(started.secret, nowStep()) })).body).toMatchObject({ success: false, errorCode: 9005 });
    const next = codeAt(started.secret, nowStep() + 1);
    expect((await interactionPost(browser, uid!, 'two-factor', { appCode: next })).body).toMatchObject({ success: true, data: { status: 'done' } });

    // Wrong codes count toward the lockout (five by default).
    const other = new TestBrowser(t.app);
    const again = await startAuthorization(other);
    await interactionPost(other, again.uid!, 'login', { username: 'binh.hoanglong', password: PASSWORD });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await interactionPost(other, again.uid!, 'two-factor', { appCode: codeAt(started.secret, nowStep() + 10 + i) })).body.errorCode);
    expect(answers.at(-1)).toBe(17);
    const [row] = await t.database.db.select().from(userTotp).where(eq(userTotp.userId, stored!.userId));
    expect(row!.confirmedAt).not.toBeNull();
  });

  it('keeps the app in use while a new enrolment is started and abandoned; confirming the new one retires the old', async () => {
    const username = 'chi.minhphat';
    const { access_token } = await signIn(t.app, { username, password: PASSWORD });
    const start = async () => (await callApi(t.app, access_token, '/api/TwoFA/StartApp', { password: PASSWORD })).json().data.secret as string;
    const confirm = async (code: string) => (await callApi(t.app, access_token, '/api/TwoFA/ConfirmApp', { code })).json();
    /** A sign-in on a new device up to its app step, then the app code sent. */
    async function signInWithApp(code: string) {
      const browser = new TestBrowser(t.app);
      const { uid } = await startAuthorization(browser);
      expect((await interactionPost(browser, uid!, 'login', { username, password: PASSWORD })).body.data).toMatchObject({ method: 'app' });
      return (await interactionPost(browser, uid!, 'two-factor', { appCode: code })).body;
    }
    const status = async () => (await callApi(t.app, access_token, '/api/TwoFA/GetMyStatus')).json().data;

    expect((await callApi(t.app, access_token, '/api/TwoFA/StartApp', { password: 'Wrong#Pass1' })).json()).toMatchObject({ success: false, errorCode: 2 });
    const old = await start();
    expect((await confirm(codeAt(old, nowStep()))).success).toBe(true);

    // A new enrolment started, its QR code never scanned: the app in use is still set up and signs in.
    const abandoned = await start();
    expect(await status()).toMatchObject({ app: true });
    expect(await signInWithApp(codeAt(old, nowStep() + 1))).toMatchObject({ success: true, data: { status: 'done' } });

    // Started again: only the latest secret confirms; then it is the app, and the old one's codes are refused.
    const replacement = await start();
    expect(await confirm(codeAt(abandoned, nowStep()))).toMatchObject({ success: false, errorCode: 9005 });
    expect(await confirm(codeAt(replacement, nowStep()))).toMatchObject({ success: true, data: { recoveryCodes: [] } });
    expect(await signInWithApp(codeAt(old, nowStep() + 1))).toMatchObject({ success: false, errorCode: 9005 });
    expect(await signInWithApp(codeAt(replacement, nowStep() + 1))).toMatchObject({ success: true, data: { status: 'done' } });
    const [row] = await t.database.db.select().from(userTotp).innerJoin(users, eq(users.id, userTotp.userId)).where(eq(users.username, username));
    expect(row!.user_totp.pendingSealedSecret).toBeNull();

    // Each start (the app's registration) and each confirmation is in the action log, refusals too.
    const logged = await t.database.db
      .select({ action: actionLogs.action, result: actionLogs.result, content: actionLogs.content })
      .from(actionLogs)
      .where(and(eq(actionLogs.username, username), eq(actionLogs.objectCategory, LOG_OBJECT.authenticatorApp)))
      .orderBy(asc(actionLogs.createdAt));
    const { register, confirm: confirmed } = LOG_ACTION;
    expect(logged.map((entry) => [entry.action, entry.result, entry.content])).toEqual([
      [register, 0, 'account.invalid_credentials (re-authentication)'],
      [register, 1, null],
      [confirmed, 1, null],
      [register, 1, null],
      [register, 1, null],
      [confirmed, 0, 'verification.failed'],
      [confirmed, 1, null],
    ]);
  });
});
