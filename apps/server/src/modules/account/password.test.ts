import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { interactionPost, refresh, signIn, startAuthorization, TestBrowser } from '../../../test/oidc-client.ts';
import { codeOf, startTestAppWithMail, type TestAppWithMail } from '../../../test/smtp-server.ts';
import { userTwoFactor, users } from '../../db/schema/index.ts';

const PASSWORD = 'Demo@2026';

describe.each(DATABASE_KINDS)('password flows on %s', (kind) => {
  let t: TestAppWithMail;
  beforeAll(async () => {
    t = await startTestAppWithMail(kind);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, language = 'en') => t.app.inject({ method: 'POST', url, payload, headers: { 'accept-language': language } });
  const tokenOf = (mail: { text: string }) => /resetToken=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

  it('forgot password: a single-use link by e-mail; an unknown e-mail answered alike (identity/password-reset.test.ts); again within 10 minutes → 14', async () => {
    expect((await post('/api/Account/ForgotPassword', { email: 'nobody@nowhere.example.com' })).json()).toEqual({ success: true, data: { validMinutes: 30 } });
    const asked = await post('/api/Account/ForgotPassword', { email: 'Chi@MinhPhat.example.com' }, 'vi');
    expect(asked.json()).toEqual({ success: true, data: { validMinutes: 30 } });
    const mail = await t.smtp.next('chi@minhphat.example.com');
    expect(mail.subject).toBe('Đặt lại mật khẩu');
    expect(mail.text).toContain('http://portal.test/sso-fe/signin?resetToken=');
    expect((await post('/api/Account/ForgotPassword', { email: 'chi@minhphat.example.com' })).json()).toMatchObject({ success: false, errorCode: 14 });

    const token = tokenOf(mail);
    expect((await post('/api/Account/CheckResetToken', { token })).json()).toEqual({ success: true, data: { username: 'chi.minhphat' } });
    const weak = await post('/api/Account/ResetPassword', { token, newPassword: 'short', confirmPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual([{ field: 'body.newPassword', message: 'password_invalid' }]);
    expect((await post('/api/Account/ResetPassword', { token: 'x'.repeat(43), newPassword: 'Fresh#2026', confirmPassword: 'Fresh#2026' })).json()).toMatchObject({ errorCode: 9005 });

    const before = await signIn(t.app, { username: 'chi.minhphat', password: PASSWORD });
    expect((await post('/api/Account/ResetPassword', { token, newPassword: 'Fresh#2026', confirmPassword: 'Fresh#2026' })).json()).toEqual({ success: true, data: true });
    // Used once; every earlier session ends; the new password works, the old one no longer does.
    expect((await post('/api/Account/ResetPassword', { token, newPassword: 'Other#2026', confirmPassword: 'Other#2026' })).json()).toMatchObject({ errorCode: 9005 });
    expect((await refresh(before.browser, before.refresh_token!)).statusCode).toBe(400);
    expect((await callApi(t.app, before.access_token, '/api/User/GetUserProfileCurrent')).statusCode).toBe(401);
    await expect(signIn(t.app, { username: 'chi.minhphat', password: PASSWORD })).rejects.toThrow(/refused/);
    await signIn(t.app, { username: 'chi.minhphat', password: 'Fresh#2026' });
  });

  it('forgot password: an expired link is refused', async () => {
    await post('/api/Account/ForgotPassword', { email: 'dung@minhphat.example.com' });
    const token = tokenOf(await t.smtp.next('dung@minhphat.example.com'));
    await t.database.db.execute(`update verification_codes set expires_at = now() - interval '1 second' where purpose = 'password_reset'`);
    expect((await post('/api/Account/CheckResetToken', { token })).json()).toMatchObject({ errorCode: 9005 });
  });

  it('change password: section 5 rules, old password wrong → 16', async () => {
    const { access_token } = await signIn(t.app, { username: 'giang.minhphat', password: PASSWORD });
    const change = (body: object) => callApi(t.app, access_token, '/api/User/RequestChangeMyPass', body);
    const missing = await change({ oldPassword: ' ', newPassword: '', confirmPassword: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['body.confirmPassword', 'body.newPassword', 'body.oldPassword']);
    expect((await change({ oldPassword: PASSWORD, newPassword: 'alllowercase1!', confirmPassword: 'alllowercase1!' })).json().errors).toEqual([
      { field: 'body.newPassword', message: 'password_invalid' },
    ]);
    expect((await change({ oldPassword: PASSWORD, newPassword: 'Good#Pass1', confirmPassword: 'Good#Pass2' })).json().errors).toEqual([
      { field: 'body.confirmPassword', message: 'password_mismatch' },
    ]);
    expect((await change({ oldPassword: 'Wrong#Pass1', newPassword: 'Good#Pass1', confirmPassword: 'Good#Pass1' })).json()).toEqual({
      success: false,
      errorCode: 16,
      busErrorMessage: 'Old password is incorrect',
    });
  });

  it('change password without two-factor: done in one step, spaces stripped; other sessions end, this one renews', async () => {
    const other = await signIn(t.app, { username: 'binh.hoanglong', password: PASSWORD });
    const mine = await signIn(t.app, { username: 'binh.hoanglong', password: PASSWORD });
    const answer = await callApi(t.app, mine.access_token, '/api/User/RequestChangeMyPass', { oldPassword: ' Demo@2026 ', newPassword: 'New Pass#2026', confirmPassword: 'NewPass#2026 ' });
    expect(answer.json()).toEqual({ success: true, data: { enableVerify: false, resendAfterSeconds: 0 } });
    await signIn(t.app, { username: 'binh.hoanglong', password: 'NewPass#2026' });

    expect((await refresh(other.browser, other.refresh_token!)).statusCode).toBe(400);
    expect((await callApi(t.app, other.access_token, '/api/User/GetUserProfileCurrent')).statusCode).toBe(401);
    const renewed = await refresh(mine.browser, mine.refresh_token!);
    expect(renewed.statusCode).toBe(200);
    expect((await callApi(t.app, renewed.json().access_token, '/api/User/GetUserProfileCurrent')).statusCode).toBe(200);
    expect((await t.smtp.next('binh@hoanglong.example.com', (m) => m.subject === 'Your password was changed')).text).toContain('binh.hoanglong');
  });

  it('change password with two-factor: enableVerify, then the 6-digit code', async () => {
    const { access_token } = await signIn(t.app, { username: 'chi.hoanglong', password: PASSWORD });
    const [user] = await t.database.db.select().from(users).where(eq(users.username, 'chi.hoanglong'));
    await t.database.db.insert(userTwoFactor).values({ userId: user!.id, enabledAt: new Date() });
    const fields = { oldPassword: PASSWORD, newPassword: 'Next#2026', confirmPassword: 'Next#2026' };
    expect((await callApi(t.app, access_token, '/api/User/RequestChangeMyPass', fields)).json()).toEqual({ success: true, data: { enableVerify: true, resendAfterSeconds: 300 } });
    const code = codeOf(await t.smtp.next('chi@hoanglong.example.com'));
    expect((await callApi(t.app, access_token, '/api/User/RequestChangeMyPass', fields)).json()).toMatchObject({ errorCode: 9429 });
    expect((await callApi(t.app, access_token, '/api/User/ChangeMyPass', { ...fields, codeVerify: '12345' })).statusCode).toBe(400);
    const wrong = code === '000001' ? '000002' : '000001';
    expect((await callApi(t.app, access_token, '/api/User/ChangeMyPass', { ...fields, codeVerify: wrong })).json()).toMatchObject({ errorCode: 9005 });
    expect((await callApi(t.app, access_token, '/api/User/ChangeMyPass', { ...fields, oldPassword: 'Wrong#1a', codeVerify: code })).json()).toMatchObject({ errorCode: 16 });
    expect((await callApi(t.app, access_token, '/api/User/ChangeMyPass', { ...fields, codeVerify: code })).json()).toEqual({ success: true, data: true });
    // The new password is accepted (two-factor then asks its code).
    const browser = new TestBrowser(t.app);
    const { uid } = await startAuthorization(browser);
    expect((await interactionPost(browser, uid!, 'login', { username: 'chi.hoanglong', password: 'Next#2026' })).body.data?.status).toBe('verify');
  });
});
