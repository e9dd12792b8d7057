import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../test/api.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { finishSignIn, interactionPost, startAuthorization, TestBrowser } from '../../test/oidc-client.ts';
import { codeOf, startTestAppWithMail, type TestAppWithMail } from '../../test/smtp-server.ts';
import { blacklistDomains, blacklistExceptions, blacklistSubdomains, unitPackages, units, users } from '../db/schema/index.ts';

const request = (n: string) => ({
  companyName: `Công ty Thử Nghiệm ${n}`,
  businessCode: `010000${n}`,
  numberOfEmployees: '2-20',
  username: `owner.${n}`,
  email: `owner.${n}@company${n}.vn`,
  password: 'Owner#2026',
  confirmPassword: 'Owner#2026',
  agreeTerms: true,
});

describe.each(DATABASE_KINDS)('sign-up on %s', (kind) => {
  let t: TestAppWithMail;
  beforeAll(async () => {
    t = await startTestAppWithMail(kind);
  });
  afterAll(() => t.close());

  async function start() {
    const browser = new TestBrowser(t.app);
    const { uid, verifier } = await startAuthorization(browser);
    return { browser, uid: uid!, verifier };
  }

  it('creates a trial unit and its ADMINENTERPRISE administrator once the e-mailed OTP is confirmed, and signs in', async () => {
    const { browser, uid, verifier } = await start();
    const details = request('1001');
    const asked = await interactionPost(browser, uid, 'sign-up', details, 'vi');
    expect(asked.body).toEqual({ success: true, data: { status: 'verify', purpose: 'sign_up', destination: 'ow*****@company1001.vn', resendAfterSeconds: 60 } });
    const mail = await t.smtp.next(details.email);
    expect(mail.subject).toMatch(/^Mã xác thực: \d{6}$/);
    expect(mail.text).toContain('hoàn tất đăng ký');
    // Nothing exists before the OTP is confirmed.
    expect(await t.database.db.select().from(users).where(eq(users.username, details.username))).toHaveLength(0);

    const empty = await interactionPost(browser, uid, 'sign-up/verify', { otp: '' });
    expect(empty.body).toMatchObject({ errorCode: 9400, errors: [{ field: 'body.otp', message: 'otp_required' }] });
    const wrong = codeOf(mail) === '999999' ? '888888' : '999999';
    expect((await interactionPost(browser, uid, 'sign-up/verify', { otp: wrong })).body).toMatchObject({ errorCode: 9005 });
    const done = await interactionPost(browser, uid, 'sign-up/verify', { otp: codeOf(mail) });
    expect(done.body.data?.status).toBe('done');
    const tokens = await finishSignIn(browser, done.body.data!.redirectTo!, verifier);

    const profile = (await callApi(t.app, tokens.access_token, '/api/User/GetUserProfileCurrent')).json().data;
    expect(profile).toMatchObject({ username: details.username, email: details.email, isAdminUnit: true, isTrial: true, isUserUnit: false, roleNames: ['ADMINENTERPRISE'], unitName: details.companyName });
    expect(profile.countExpirationDate).toBe(30);
    const [unit] = await t.database.db.select().from(units).where(eq(units.id, profile.unitId));
    expect(unit).toMatchObject({ businessCode: details.businessCode, numberOfEmployees: '2-20', isTrial: true });
    expect(await t.database.db.select().from(unitPackages).where(eq(unitPackages.unitId, profile.unitId))).toHaveLength(1);
    expect((await t.smtp.next(details.email, (m) => m.subject.startsWith('Chào mừng'))).text).toContain('30 ngày');
    // The OTP was used up.
    expect((await interactionPost(browser, uid, 'sign-up/verify', { otp: codeOf(mail) })).body.success).toBe(false);
  });

  it('validates every field of section 5', async () => {
    const { browser, uid } = await start();
    const bad = await interactionPost(browser, uid, 'sign-up', {
      ...request('1002'),
      companyName: ' ',
      businessCode: '',
      numberOfEmployees: '3-4',
      username: 'a b',
      email: 'not-an-email',
      password: 'weakpass',
      confirmPassword: 'other',
      agreeTerms: false,
    });
    expect(bad.response.statusCode).toBe(400);
    const fields = Object.fromEntries(bad.body.errors!.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(fields).toMatchObject({
      'body.companyName': 'required',
      'body.businessCode': 'required',
      'body.username': 'username_invalid',
      'body.email': 'email_invalid',
      'body.password': 'password_invalid',
      'body.agreeTerms': 'agreement_required',
    });
    expect(fields['body.numberOfEmployees']).toBeDefined();
    const mismatch = await interactionPost(browser, uid, 'sign-up', { ...request('1003'), confirmPassword: 'Other#2026' });
    expect(mismatch.body.errors).toEqual([{ field: 'body.confirmPassword', message: 'password_mismatch' }]);
  });

  it('refuses a taken username (11), e-mail (8) or business number', async () => {
    const { browser, uid } = await start();
    expect((await interactionPost(browser, uid, 'sign-up', { ...request('1004'), username: 'admin.minhphat' })).body).toMatchObject({ errorCode: 11, busErrorMessage: 'Username already exists' });
    expect((await interactionPost(browser, uid, 'sign-up', { ...request('1005'), email: 'BINH@saoviet.example.com' })).body).toMatchObject({ errorCode: 8, busErrorMessage: 'Email already exists' });
    expect((await interactionPost(browser, uid, 'sign-up', { ...request('1006'), businessCode: '0312345678' })).body).toMatchObject({ errorCode: 9101 });
  });

  it('sends at most 5 OTP mails an hour to one address, whatever the number of sign-up screens', async () => {
    const attempt = async () => {
      const { browser, uid } = await start();
      return (await interactionPost(browser, uid, 'sign-up', { ...request('1012'), email: 'flood@target-company.vn' })).body;
    };
    for (let i = 0; i < 5; i++) expect((await attempt()).success).toBe(true);
    expect(await attempt()).toMatchObject({ success: false, errorCode: 9429 });
  });

  it('checks the e-mail domain against the blacklist, the subdomain blacklist and the exceptions', async () => {
    const { db } = t.database;
    await db.insert(blacklistDomains).values({ domain: 'FreeMail.com' });
    await db.insert(blacklistSubdomains).values({ subdomain: 'edu.vn' });
    await db.insert(blacklistExceptions).values({ email: 'allowed@freemail.com' });
    // Each accepted request waits for its OTP, so each try gets its own sign-in screen.
    const signUp = async (n: string, email: string) => {
      const { browser, uid } = await start();
      return (await interactionPost(browser, uid, 'sign-up', { ...request(n), email })).body;
    };
    const refused = { success: false, errorCode: 9102, busErrorMessage: 'This e-mail domain cannot be used to sign up, please use another business e-mail', errors: [{ field: 'body.email', message: 'invalid' }] };
    expect(await signUp('1007', 'someone@freemail.com')).toEqual(refused);
    expect(await signUp('1008', 'teacher@school.hanoi.edu.vn')).toEqual(refused);
    expect((await signUp('1009', 'someone@sub.freemail.com')).success).toBe(true);
    expect((await signUp('1010', 'allowed@freemail.com')).success).toBe(true);
    await db.update(blacklistDomains).set({ status: 0 });
    expect((await signUp('1011', 'other@freemail.com')).success).toBe(true);
  });
});
