import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { callApi } from '../../../test/api.ts';
import { finishSignIn, interactionPost, signIn, startAuthorization, TestBrowser } from '../../../test/oidc-client.ts';
import { startTestAppWithMail, type TestAppWithMail } from '../../../test/smtp-server.ts';
import { SoftAuthenticator } from '../../../test/soft-authenticator.ts';
import { TEST_PUBLIC_URL } from '../../../test/test-app.ts';
import { actionLogs, passkeys, webauthnChallenges } from '../../db/schema/index.ts';

const PASSWORD = 'Demo@2026';
const RP = { origin: TEST_PUBLIC_URL, rpId: new URL(TEST_PUBLIC_URL).hostname };

describe.each(DATABASE_KINDS)('passkeys on %s', (kind) => {
  let t: TestAppWithMail;
  beforeAll(async () => {
    t = await startTestAppWithMail(kind);
  });
  afterAll(() => t.close());

  const api = (token: string, url: string, body?: object) => callApi(t.app, token, url, body);

  /** Signs in with the password and registers a software passkey. */
  async function withPasskey(username: string) {
    const { access_token } = await signIn(t.app, { username, password: PASSWORD });
    const authenticator = new SoftAuthenticator(RP);
    const options = (await api(access_token, '/api/Passkey/RegisterOptions', { password: PASSWORD })).json().data;
    const added = (await api(access_token, '/api/Passkey/Register', { name: 'Laptop', response: authenticator.register(options) })).json();
    expect(added).toMatchObject({ success: true, data: { name: 'Laptop', lastUsedAt: null, backedUp: true } });
    return { token: access_token, authenticator, id: added.data.id as string };
  }

  /** A passkey sign-in up to the answer of its last step. */
  async function passkeySignIn(authenticator: SoftAuthenticator, ceremony: Parameters<SoftAuthenticator['assert']>[1] = {}) {
    const browser = new TestBrowser(t.app);
    const { uid, verifier } = await startAuthorization(browser);
    const options = (await interactionPost(browser, uid!, 'passkey/options')).response.json().data;
    expect(options.allowCredentials ?? []).toEqual([]);
    const { body } = await interactionPost(browser, uid!, 'passkey', { response: authenticator.assert(options, ceremony) });
    return { browser, uid: uid!, verifier, body, options };
  }

  it('registers after a password re-authentication, then signs in with no username or password', async () => {
    const { token, authenticator } = await withPasskey('chi.minhphat');
    expect((await api(token, '/api/Passkey/RegisterOptions', { password: 'Wrong#Pass1' })).json()).toMatchObject({ success: false, errorCode: 2 });
    const list = (await api(token, '/api/Passkey/GetMine')).json().data;
    expect(list).toHaveLength(1);
    const [stored] = await t.database.db.select().from(passkeys);
    expect(stored).toMatchObject({ credentialId: authenticator.credentialId.toString('base64url'), counter: 0, transports: ['internal'], backupEligible: true, backupState: true });

    const signed = await passkeySignIn(authenticator);
    expect(signed.body).toMatchObject({ success: true, data: { status: 'done' } });
    const tokens = await finishSignIn(signed.browser, signed.body.data!.redirectTo!, signed.verifier);
    const me = (await api(tokens.access_token, '/api/Passkey/GetMine')).json().data;
    expect(me[0].lastUsedAt).not.toBeNull();
    expect((await t.database.db.select().from(passkeys).where(eq(passkeys.id, stored!.id)))[0]!.counter).toBe(1);
    const logs = await t.database.db.select().from(actionLogs).where(eq(actionLogs.objectCategory, 140));
    expect(logs.map((row) => [row.action, row.result, row.objectName])).toContainEqual([25, 1, 'Laptop']);
  });

  it('refuses an expired, replayed, foreign-origin or foreign-RP challenge, and a counter that went back', async () => {
    const { authenticator } = await withPasskey('binh.hoanglong');
    // Replayed: the same assertion twice; the challenge was taken by the first.
    const first = await passkeySignIn(authenticator);
    expect(first.body.success).toBe(true);
    const replay = await interactionPost(first.browser, first.uid, 'passkey', { response: authenticator.assert(first.options) });
    expect(replay.body).toMatchObject({ success: false });

    expect((await passkeySignIn(authenticator, { origin: 'https://evil.example' })).body).toMatchObject({ success: false, errorCode: 9200 });
    expect((await passkeySignIn(authenticator, { rpId: 'evil.example' })).body).toMatchObject({ success: false, errorCode: 9200 });
    expect((await passkeySignIn(authenticator, { userVerified: false })).body).toMatchObject({ success: false, errorCode: 9200 });
    // A cloned authenticator repeats a counter already seen.
    expect((await passkeySignIn(authenticator, { counter: 1 })).body).toMatchObject({ success: false, errorCode: 9200 });

    // Expired: the challenge is five minutes old.
    const browser = new TestBrowser(t.app);
    const { uid } = await startAuthorization(browser);
    const options = (await interactionPost(browser, uid!, 'passkey/options')).response.json().data;
    await t.database.db.update(webauthnChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(webauthnChallenges.challenge, options.challenge));
    expect((await interactionPost(browser, uid!, 'passkey', { response: authenticator.assert(options) })).body).toMatchObject({ success: false, errorCode: 9200 });
    // A challenge issued to another interaction does not serve this one.
    const other = new TestBrowser(t.app);
    const started = await startAuthorization(other);
    const foreign = (await interactionPost(browser, uid!, 'passkey/options')).response.json().data;
    expect((await interactionPost(other, started.uid!, 'passkey', { response: authenticator.assert(foreign) })).body).toMatchObject({ success: false, errorCode: 9200 });
    // And it still works when everything is right.
    expect((await passkeySignIn(authenticator)).body).toMatchObject({ success: true, data: { status: 'done' } });
  });

  it('renames, and removes only after re-authentication; a removed passkey signs nobody in', async () => {
    const { token, authenticator, id } = await withPasskey('chi.hoanglong');
    expect((await api(token, '/api/Passkey/Rename', { id, name: 'Phone' })).json().data.name).toBe('Phone');
    expect((await api(token, '/api/Passkey/Remove', { id, reauthentication: { password: 'Wrong#Pass1' } })).json()).toMatchObject({ success: false, errorCode: 2 });
    // Re-authenticated with the passkey itself.
    const reauth = (await api(token, '/api/Passkey/ReauthOptions', {})).json().data;
    expect(reauth.allowCredentials).toHaveLength(1);
    const removed = await api(token, '/api/Passkey/Remove', { id, reauthentication: { passkey: authenticator.assert(reauth) } });
    expect(removed.json()).toEqual({ success: true, data: true });
    expect((await passkeySignIn(authenticator)).body).toMatchObject({ success: false, errorCode: 9201 });
  });

  it('a passkey satisfies a policy that asks for one, which then refuses the password and code', async () => {
    const admin = await signIn(t.app, { username: 'admin', password: 'Test#Admin2026' });
    const { authenticator } = await withPasskey('dung.hoanglong');
    const config = (await api(admin.access_token, '/api/TwoFAConfig/GetConfig')).json().data;
    expect(config.requiredFactor).toBe('any');
    const saved = await api(admin.access_token, '/api/TwoFAConfig/AddUpdate', { ...config, requiredFactor: 'passkey' });
    expect(saved.json().data).toMatchObject({ requiredFactor: 'passkey' });
    // Turned on directly (the e-mailed confirmation of the switch is two-factor.test's).
    await t.database.db.execute(`update two_factor_configs set status = 1 where unit_id is null`);
    try {
      const browser = new TestBrowser(t.app);
      const { uid } = await startAuthorization(browser);
      expect((await interactionPost(browser, uid!, 'login', { username: 'dung.hoanglong', password: PASSWORD })).body).toMatchObject({ success: false, errorCode: 9202 });
      expect((await passkeySignIn(authenticator)).body).toMatchObject({ success: true, data: { status: 'done' } });
      // Someone with no passkey yet goes on with the e-mailed code (to be able to register one).
      const other = new TestBrowser(t.app);
      const started = await startAuthorization(other);
      expect((await interactionPost(other, started.uid!, 'login', { username: 'binh.minhphat', password: PASSWORD })).body).toMatchObject({ success: true, data: { status: 'verify' } });
    } finally {
      await t.database.db.execute(`update two_factor_configs set status = 5, required_factor = 'any' where unit_id is null`);
    }
  });

  it("a unit administrator sees their users' factors and resets them; the user is told by mail", async () => {
    const { authenticator } = await withPasskey('giang.hoanglong');
    const { access_token } = await signIn(t.app, { username: 'admin.hoanglong', password: PASSWORD });
    const [giang] = (await t.database.db.select({ userId: passkeys.userId }).from(passkeys).where(eq(passkeys.credentialId, authenticator.credentialId.toString('base64url'))));
    const seen = (await api(access_token, `/api/User/GetSecondFactors?ids=${giang!.userId}`)).json().data;
    expect(seen).toEqual([{ userId: giang!.userId, passkeys: 1, app: false }]);
    const reset = await api(access_token, '/api/User/ResetSecondFactors', { userId: giang!.userId, passkeys: true, app: true });
    expect(reset.json()).toEqual({ success: true, data: true });
    const mail = await t.smtp.next('giang@hoanglong.example.com');
    expect(mail.subject).toMatch(/xác thực|sign-in methods/i);
    expect((await passkeySignIn(authenticator)).body).toMatchObject({ success: false, errorCode: 9201 });
    // Another unit's administrator neither sees nor resets them.
    const { access_token: stranger } = await signIn(t.app, { username: 'admin.minhphat', password: PASSWORD });
    expect((await api(stranger, `/api/User/GetSecondFactors?ids=${giang!.userId}`)).statusCode).toBe(404);
    expect((await api(stranger, '/api/User/ResetSecondFactors', { userId: giang!.userId, passkeys: true, app: false })).json().success).toBe(false);
  });
});
