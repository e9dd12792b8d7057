import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOG_ACTION, LOG_OBJECT, LOG_RESULT, TWO_FA_STATUS } from '@portal/contracts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { finishSignIn, interactionPost, signIn, startAuthorization, TestBrowser } from '../../../test/oidc-client.ts';
import { DEMO_PASSWORD as PASSWORD, passkeyJourneys, RELYING_PARTY } from '../../../test/passkeys.ts';
import { codeOf, startTestAppWithMail, type TestAppWithMail } from '../../../test/smtp-server.ts';
import { SoftAuthenticator } from '../../../test/soft-authenticator.ts';
import { TEST_ADMIN } from '../../../test/test-app.ts';
import { actionLogs, twoFactorConfigs, units, users } from '../../db/schema/index.ts';
import { DEVICE_COOKIE } from '../../identity/device.ts';

const POLICY = LOG_OBJECT.twoFactorPolicy;
const { success: OK, failure: FAILED } = LOG_RESULT;

describe.each(DATABASE_KINDS)('"passkey only" policies on %s', (kind) => {
  let t: TestAppWithMail;
  let journeys: ReturnType<typeof passkeyJourneys>;
  beforeAll(async () => {
    t = await startTestAppWithMail(kind);
    journeys = passkeyJourneys(t);
  });
  afterAll(() => t.close());
  // Each test leaves the default policy as it found it: optional, any factor.
  afterEach(async () => {
    await t.database.db.update(twoFactorConfigs).set({ status: TWO_FA_STATUS.disabled, requiredFactor: 'any' }).where(isNull(twoFactorConfigs.unitId));
  });

  const admin = () => signIn(t.app, TEST_ADMIN);

  /** A password sign-in up to the answer of its login step (a new device unless given a browser). */
  async function loginStep(username: string, browser = new TestBrowser(t.app)) {
    const { uid, verifier } = await startAuthorization(browser);
    const { body } = await interactionPost(browser, uid!, 'login', { username, password: PASSWORD });
    return { browser, uid: uid!, verifier, body };
  }

  /**
   * A user with no passkey under "passkey only": the password, the e-mailed code, then the
   * step that registers a passkey; the sign-in finishes only with it. An account that must
   * set its password (`newPassword`) does so first.
   */
  async function signInRegisteringPasskey(username: string, email: string, newPassword?: string) {
    const step = await loginStep(username);
    expect(step.body).toMatchObject({ success: true, data: { status: 'verify', purpose: 'two_factor' } });
    const code = codeOf(await t.smtp.next(email));
    let passed = await interactionPost(step.browser, step.uid, 'two-factor', { code });
    if (newPassword) {
      expect(passed.body).toEqual({ success: true, data: { status: 'new_password', username } });
      passed = await interactionPost(step.browser, step.uid, 'new-password', { newPassword, confirmPassword: newPassword });
    }
    expect(passed.body).toEqual({ success: true, data: { status: 'register_passkey', username } });
    // No way round it: the code again does not finish the sign-in (it was used).
    expect((await interactionPost(step.browser, step.uid, 'two-factor', { code })).body).toMatchObject({ success: false, errorCode: 9005 });

    const authenticator = new SoftAuthenticator(RELYING_PARTY);
    const options = (await interactionPost(step.browser, step.uid, 'passkey/register/options')).response.json().data;
    expect(options.user.name).toBe(username);
    // A refused ceremony leaves the step where it was.
    const foreign = await interactionPost(step.browser, step.uid, 'passkey/register', { name: 'Điện thoại', response: authenticator.register(options, { origin: 'https://evil.example' }) });
    expect(foreign.body).toMatchObject({ success: false, errorCode: 9200 });
    const again = (await interactionPost(step.browser, step.uid, 'passkey/register/options')).response.json().data;
    const done = await interactionPost(step.browser, step.uid, 'passkey/register', { name: 'Điện thoại', response: authenticator.register(again) });
    expect(done.body).toMatchObject({ success: true, data: { status: 'done' } });
    const tokens = await finishSignIn(step.browser, done.body.data!.redirectTo!, step.verifier);
    expect((await journeys.api(tokens.access_token, '/api/Passkey/GetMine')).json().data).toMatchObject([{ name: 'Điện thoại' }]);
    expect(await journeys.logsOf(username, LOG_OBJECT.passkey)).toEqual([
      [LOG_ACTION.register, FAILED, 'Điện thoại', 'passkey.failed'],
      [LOG_ACTION.register, OK, 'Điện thoại', null],
    ]);
    return authenticator;
  }

  it('the default policy: a passkey is asked even on a known device; someone without one registers one to finish signing in', async () => {
    const { browser: knownDevice, authenticator } = await journeys.withPasskey('dung.hoanglong');
    const { access_token } = await admin();
    const config = (await journeys.api(access_token, '/api/TwoFAConfig/GetConfig')).json().data;
    expect(config).toMatchObject({ trigger: 'new_device', requiredFactor: 'any' });
    expect((await journeys.api(access_token, '/api/TwoFAConfig/AddUpdate', { ...config, requiredFactor: 'passkey' })).json().data).toMatchObject({ requiredFactor: 'passkey' });
    // Made required through its e-mailed confirmation; a wrong code is refused, and logged.
    await journeys.api(access_token, '/api/TwoFAConfig/UpdateStatus', { unitId: null, status: TWO_FA_STATUS.enabled });
    const code = codeOf(await t.smtp.next(TEST_ADMIN.email));
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await journeys.api(access_token, '/api/TwoFAConfig/VerifyUpdate', { unitId: null, status: TWO_FA_STATUS.enabled, code: wrong })).json()).toMatchObject({ errorCode: 9005 });
    expect((await journeys.api(access_token, '/api/TwoFAConfig/VerifyUpdate', { unitId: null, status: TWO_FA_STATUS.enabled, code })).json().data).toMatchObject({ status: 1, requiredFactor: 'passkey' });
    expect(await journeys.logsOf(TEST_ADMIN.username, POLICY)).toEqual([
      [LOG_ACTION.edit, OK, null, expect.stringContaining('"requiredFactor":"passkey"')],
      [LOG_ACTION.changeStatus, FAILED, null, `verification.failed ${JSON.stringify({ unitId: null, status: 1 })}`],
      [LOG_ACTION.changeStatus, OK, null, JSON.stringify({ unitId: null, status: 1 })],
    ]);

    // The password alone is refused, on a new device and on the one the passkey was registered from.
    expect((await loginStep('dung.hoanglong')).body).toMatchObject({ success: false, errorCode: 9202 });
    knownDevice.jar.keepOnly([DEVICE_COOKIE]);
    expect((await loginStep('dung.hoanglong', knownDevice)).body).toMatchObject({ success: false, errorCode: 9202 });
    expect((await journeys.passkeySignIn(authenticator)).body).toMatchObject({ success: true, data: { status: 'done' } });

    // Someone with no passkey yet: password, code, and a passkey of their own before anything else.
    const registered = await signInRegisteringPasskey('binh.minhphat', 'binh@minhphat.example.com');
    expect((await loginStep('binh.minhphat')).body).toMatchObject({ success: false, errorCode: 9202 });
    expect((await journeys.passkeySignIn(registered)).body).toMatchObject({ success: true, data: { status: 'done' } });
  });

  it("a business's own policy: its users need a passkey, other businesses' users do not", async () => {
    const [saoViet] = await t.database.db.select({ id: units.id }).from(units).where(eq(units.tenantId, 'saoviet'));
    const insider = await journeys.withPasskey('chi.saoviet');
    const outsider = await journeys.withPasskey('giang.minhphat');
    const { access_token } = await admin();
    const policy = { unitId: saoViet!.id, trigger: 'new_device', recurrenceDays: null, requiredFactor: 'passkey' };
    expect((await journeys.api(access_token, '/api/TwoFAConfig/AddUpdate', policy)).json()).toMatchObject({ success: true, data: policy });
    await t.database.db.update(twoFactorConfigs).set({ status: TWO_FA_STATUS.enabled }).where(eq(twoFactorConfigs.unitId, saoViet!.id));
    // Read back as saved; the default is untouched.
    expect((await journeys.api(access_token, `/api/TwoFAConfig/GetConfig?unitId=${saoViet!.id}`)).json().data).toMatchObject({ ...policy, status: 1 });
    expect((await journeys.api(access_token, '/api/TwoFAConfig/GetConfig')).json().data).toMatchObject({ unitId: null, requiredFactor: 'any' });
    // Filed under the business it concerns.
    const logged = await t.database.db.select().from(actionLogs).where(and(eq(actionLogs.objectCategory, POLICY), eq(actionLogs.unitId, saoViet!.id)));
    expect(logged).toMatchObject([{ action: LOG_ACTION.edit, result: OK, objectId: saoViet!.id, username: TEST_ADMIN.username }]);

    expect((await loginStep('chi.saoviet')).body).toMatchObject({ success: false, errorCode: 9202 });
    expect((await journeys.passkeySignIn(insider.authenticator)).body).toMatchObject({ success: true, data: { status: 'done' } });
    // One whose password an administrator reset: the new password, then the passkey.
    await t.database.db.update(users).set({ passwordChangeRequired: true }).where(eq(users.username, 'binh.saoviet'));
    await signInRegisteringPasskey('binh.saoviet', 'binh@saoviet.example.com', 'Fresh#Pass2026');
    // Another business follows the default policy: the password signs its user in.
    expect((await loginStep('giang.minhphat')).body).toMatchObject({ success: true, data: { status: 'done' } });
    expect((await journeys.passkeySignIn(outsider.authenticator)).body).toMatchObject({ success: true, data: { status: 'done' } });
  });
});
