import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { callApi } from '../../../test/api.ts';
import { finishSignIn, interactionPost, signIn, startAuthorization, TestBrowser } from '../../../test/oidc-client.ts';
import { codeOf, startTestAppWithMail, type TestAppWithMail } from '../../../test/smtp-server.ts';
import { DEVICE_COOKIE } from '../../identity/device.ts';
import { userRecoveryCodes, users, verificationCodes } from '../../db/schema/index.ts';

const PASSWORD = 'Demo@2026';

describe.each(DATABASE_KINDS)('two-factor on %s', (kind) => {
  let t: TestAppWithMail;
  beforeAll(async () => {
    t = await startTestAppWithMail(kind);
  });
  afterAll(() => t.close());

  const api = (token: string, url: string, body?: object) => callApi(t.app, token, url, body);

  /** Turns two-factor on for an account and answers its recovery codes. */
  async function enroll(account: { username: string; email: string }) {
    const { access_token } = await signIn(t.app, { username: account.username, password: PASSWORD });
    expect((await api(access_token, '/api/TwoFA/RequestEnable', { password: PASSWORD })).json()).toMatchObject({ success: true });
    const code = codeOf(await t.smtp.next(account.email));
    const confirmed = (await api(access_token, '/api/TwoFA/ConfirmEnable', { code })).json();
    return { token: access_token, recoveryCodes: confirmed.data.recoveryCodes as string[] };
  }

  /** Starts a sign-in in a browser (a new device unless given one) up to the answer of the login step. */
  async function loginStep(username: string, browser = new TestBrowser(t.app)) {
    const { uid, verifier } = await startAuthorization(browser);
    const { body } = await interactionPost(browser, uid!, 'login', { username, password: PASSWORD });
    return { browser, uid: uid!, verifier, body };
  }

  it('sets up by password, then an e-mailed code; recovery codes are shown once and stored hashed', async () => {
    const { access_token } = await signIn(t.app, { username: 'binh.hoanglong', password: PASSWORD });
    const wrong = await api(access_token, '/api/TwoFA/RequestEnable', { password: 'Wrong#Pass1' });
    expect(wrong.json()).toMatchObject({ success: false, errorCode: 2 });
    const sent = (await api(access_token, '/api/TwoFA/RequestEnable', { password: PASSWORD })).json();
    expect(sent.data).toEqual({ destination: 'bi*****@hoanglong.example.com', resendAfterSeconds: 60 });
    const mail = await t.smtp.next('binh@hoanglong.example.com');
    expect(mail.subject).toMatch(/^Verification code: \d{6}$/);
    expect(mail.text).toContain('turn on two-factor authentication');

    expect((await api(access_token, '/api/TwoFA/ConfirmEnable', { code: '' })).statusCode).toBe(400);
    const wrongCode = codeOf(mail) === '000000' ? '111111' : '000000';
    expect((await api(access_token, '/api/TwoFA/ConfirmEnable', { code: wrongCode })).json()).toEqual({
      success: false,
      errorCode: 9005,
      busErrorMessage: 'The verification code is incorrect or has expired, please try again',
    });
    const confirmed = (await api(access_token, '/api/TwoFA/ConfirmEnable', { code: codeOf(mail) })).json();
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    for (const code of confirmed.data.recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    // The code is single-use.
    expect((await api(access_token, '/api/TwoFA/ConfirmEnable', { code: codeOf(mail) })).json()).toMatchObject({ errorCode: 9005 });

    const status = (await api(access_token, '/api/TwoFA/GetMyStatus')).json();
    expect(status.data).toEqual({ status: 1, recoveryCodesLeft: 10, requiredByPolicy: false, requiredFactor: 'any', app: false, passkeys: 0 });
    const stored = JSON.stringify(await t.database.db.select().from(userRecoveryCodes));
    for (const code of confirmed.data.recoveryCodes) expect(stored).not.toContain(code.replace('-', ''));
    const codesStored = JSON.stringify(await t.database.db.select().from(verificationCodes));
    expect(codesStored).not.toContain(codeOf(mail));
  });

  it('asks for the code on a new device, not on a known one; the code is single-use', async () => {
    await enroll({ username: 'chi.hoanglong', email: 'chi@hoanglong.example.com' });
    const first = await loginStep('chi.hoanglong');
    expect(first.body).toEqual({ success: true, data: { status: 'verify', purpose: 'two_factor', destination: 'ch*****@hoanglong.example.com', resendAfterSeconds: 60 } });
    const mail = await t.smtp.next('chi@hoanglong.example.com');
    expect(mail.text).toContain('to sign in');

    const empty = await interactionPost(first.browser, first.uid, 'two-factor', { code: '' });
    expect(empty.response.statusCode).toBe(400);
    expect(empty.body).toMatchObject({ errorCode: 9400, errors: [{ field: 'body.code', message: 'code_required' }] });
    // Back to the password and signing in again keeps the code already sent.
    const again = await interactionPost(first.browser, first.uid, 'login', { username: 'chi.hoanglong', password: PASSWORD });
    expect(again.body.data).toMatchObject({ status: 'verify', purpose: 'two_factor' });
    const done = await interactionPost(first.browser, first.uid, 'two-factor', { code: codeOf(mail) });
    expect(done.body.data?.status).toBe('done');
    const tokens = await finishSignIn(first.browser, done.body.data!.redirectTo!, first.verifier);
    expect(tokens.access_token).toBeTruthy();

    // The same browser is a known device now: once signed out, it signs in without a code.
    first.browser.jar.keepOnly([DEVICE_COOKIE]);
    const known = await loginStep('chi.hoanglong', first.browser);
    expect(known.body.data?.status).toBe('done');
    // A used code does not open another sign-in.
    const other = await loginStep('chi.hoanglong');
    await t.smtp.next('chi@hoanglong.example.com');
    expect((await interactionPost(other.browser, other.uid, 'two-factor', { code: codeOf(mail) })).body).toMatchObject({ errorCode: 9005 });
  });

  it('burns a code after 5 wrong tries, refuses an expired one, limits resends', async () => {
    await enroll({ username: 'dung.hoanglong', email: 'dung@hoanglong.example.com' });
    const step = await loginStep('dung.hoanglong');
    const code = codeOf(await t.smtp.next('dung@hoanglong.example.com'));
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await interactionPost(step.browser, step.uid, 'two-factor', { code: wrong })).body).toMatchObject({ errorCode: 9005 });
    expect((await interactionPost(step.browser, step.uid, 'two-factor', { code })).body).toMatchObject({ errorCode: 9005 });
    expect((await interactionPost(step.browser, step.uid, 'two-factor/resend')).body).toMatchObject({ errorCode: 9429 });

    const fresh = await loginStep('dung.hoanglong');
    const freshCode = codeOf(await t.smtp.next('dung@hoanglong.example.com'));
    await t.database.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.subject, fresh.uid));
    expect((await interactionPost(fresh.browser, fresh.uid, 'two-factor', { code: freshCode })).body).toMatchObject({ errorCode: 9005 });
  });

  it('accepts each recovery code once; regenerating replaces them; turning off stops the question', async () => {
    const { token, recoveryCodes } = await enroll({ username: 'giang.hoanglong', email: 'giang@hoanglong.example.com' });
    const step = await loginStep('giang.hoanglong');
    await t.smtp.next('giang@hoanglong.example.com');
    const used = await interactionPost(step.browser, step.uid, 'two-factor', { recoveryCode: recoveryCodes[0]!.toLowerCase() });
    expect(used.body.data?.status).toBe('done');
    const next = await loginStep('giang.hoanglong');
    await t.smtp.next('giang@hoanglong.example.com');
    expect((await interactionPost(next.browser, next.uid, 'two-factor', { recoveryCode: recoveryCodes[0]! })).body).toMatchObject({ errorCode: 9005 });
    expect((await api(token, '/api/TwoFA/GetMyStatus')).json().data.recoveryCodesLeft).toBe(9);

    const regenerated = (await api(token, '/api/TwoFA/RegenerateRecoveryCodes', { password: PASSWORD })).json();
    expect(regenerated.data.recoveryCodes).toHaveLength(10);
    expect((await interactionPost(next.browser, next.uid, 'two-factor', { recoveryCode: recoveryCodes[1]! })).body).toMatchObject({ errorCode: 9005 });

    expect((await api(token, '/api/TwoFA/Disable', { password: 'Wrong#Pass1' })).json()).toMatchObject({ errorCode: 2 });
    expect((await api(token, '/api/TwoFA/Disable', { password: PASSWORD })).json()).toEqual({ success: true, data: true });
    expect((await api(token, '/api/TwoFA/GetMyStatus')).json().data).toEqual({ status: 5, recoveryCodesLeft: 0, requiredByPolicy: false, requiredFactor: 'any', app: false, passkeys: 0 });
    expect((await loginStep('giang.hoanglong')).body.data?.status).toBe('done');
  });

  it('follows the unit policy of /TwoFAConfig: recurring, confirmed by an e-mailed code', async () => {
    const admin = await signIn(t.app, { username: 'admin', password: 'Test#Admin2026' });
    const unitAdmin = await signIn(t.app, { username: 'admin.saoviet', password: PASSWORD });
    const [{ unitId }] = (await t.database.db.select({ unitId: users.unitId }).from(users).where(eq(users.username, 'admin.saoviet'))) as [{ unitId: string }];

    expect((await api(unitAdmin.access_token, `/api/TwoFAConfig/GetConfig?unitId=${unitId}`)).statusCode).toBe(403);
    expect((await api(admin.access_token, `/api/TwoFAConfig/GetConfig?unitId=${unitId}`)).json().data).toEqual({ unitId, status: 5, trigger: 'new_device', recurrenceDays: null, requiredFactor: 'any' });
    const incomplete = await api(admin.access_token, '/api/TwoFAConfig/AddUpdate', { unitId, trigger: 'recurring', recurrenceDays: null });
    expect(incomplete.statusCode).toBe(400);
    const saved = await api(admin.access_token, '/api/TwoFAConfig/AddUpdate', { unitId, trigger: 'recurring', recurrenceDays: 7 });
    expect(saved.json().data).toEqual({ unitId, status: 5, trigger: 'recurring', recurrenceDays: 7, requiredFactor: 'any' });

    expect((await api(admin.access_token, '/api/TwoFAConfig/UpdateStatus', { unitId, status: 1 })).json().success).toBe(true);
    const code = codeOf(await t.smtp.next('admin@example.com'));
    expect((await api(admin.access_token, '/api/TwoFAConfig/VerifyUpdate', { unitId, status: 5, code })).json()).toMatchObject({ errorCode: 9005 });
    await api(admin.access_token, '/api/TwoFAConfig/UpdateStatus', { unitId, status: 1 }).then(async (r) => {
      // The resend pause applies to policy codes as well.
      expect(r.json()).toMatchObject({ errorCode: 9429 });
    });
    await t.database.db.update(verificationCodes).set({ lastSentAt: new Date(0) }).where(eq(verificationCodes.purpose, 'two_factor_policy'));
    await api(admin.access_token, '/api/TwoFAConfig/UpdateStatus', { unitId, status: 1 });
    const second = codeOf(await t.smtp.next('admin@example.com'));
    expect((await api(admin.access_token, '/api/TwoFAConfig/VerifyUpdate', { unitId, status: 1, code: second })).json().data.status).toBe(1);

    // Every user of the unit is asked now, enrolled or not; then not again for 7 days.
    const step = await loginStep('chi.saoviet');
    expect(step.body.data?.status).toBe('verify');
    const userCode = codeOf(await t.smtp.next('chi@saoviet.example.com'));
    expect((await interactionPost(step.browser, step.uid, 'two-factor', { code: userCode })).body.data?.status).toBe('done');
    expect((await loginStep('chi.saoviet')).body.data?.status).toBe('done');
    await t.database.db.execute(
      `update user_two_factor set last_verified_at = now() - interval '8 days' where user_id = (select id from users where username = 'chi.saoviet')`,
    );
    expect((await loginStep('chi.saoviet')).body.data?.status).toBe('verify');
    // Users of other units are not concerned.
    expect((await loginStep('chi.minhphat')).body.data?.status).toBe('done');
  });

  it('asks only at the first login under a first-login policy', async () => {
    const admin = await signIn(t.app, { username: 'admin', password: 'Test#Admin2026' });
    const [{ unitId }] = (await t.database.db.select({ unitId: users.unitId }).from(users).where(eq(users.username, 'admin.minhphat'))) as [{ unitId: string }];
    await api(admin.access_token, '/api/TwoFAConfig/AddUpdate', { unitId, trigger: 'first_login', recurrenceDays: null });
    await t.database.db.update(verificationCodes).set({ lastSentAt: new Date(0) }).where(eq(verificationCodes.purpose, 'two_factor_policy'));
    await api(admin.access_token, '/api/TwoFAConfig/UpdateStatus', { unitId, status: 1 });
    const code = codeOf(await t.smtp.next('admin@example.com'));
    await api(admin.access_token, '/api/TwoFAConfig/VerifyUpdate', { unitId, status: 1, code });

    const first = await loginStep('dung.minhphat');
    expect(first.body.data?.status).toBe('verify');
    const userCode = codeOf(await t.smtp.next('dung@minhphat.example.com'));
    await interactionPost(first.browser, first.uid, 'two-factor', { code: userCode });
    expect((await loginStep('dung.minhphat')).body.data?.status).toBe('done');
  });
});
