import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_ACTION, LOG_OBJECT, LOG_RESULT, PORTAL_NAME } from '@portal/contracts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { finishSignIn, interactionPost, signIn, startAuthorization, TestBrowser } from '../../../test/oidc-client.ts';
import { DEMO_PASSWORD as PASSWORD, passkeyJourneys, RELYING_PARTY as RP } from '../../../test/passkeys.ts';
import { startTestAppWithMail, type TestAppWithMail } from '../../../test/smtp-server.ts';
import { passkeys, webauthnChallenges } from '../../db/schema/index.ts';

const { passkey: PASSKEY, userByUnit: USER_BY_UNIT } = LOG_OBJECT;
const { success: OK, failure: FAILED } = LOG_RESULT;

describe.each(DATABASE_KINDS)('passkeys on %s', (kind) => {
  let t: TestAppWithMail;
  let journeys: ReturnType<typeof passkeyJourneys>;
  beforeAll(async () => {
    t = await startTestAppWithMail(kind);
    journeys = passkeyJourneys(t);
  });
  afterAll(() => t.close());

  const api = (token: string, url: string, body?: object) => journeys.api(token, url, body);
  const withPasskey = (username: string) => journeys.withPasskey(username);
  const passkeySignIn = (...args: Parameters<typeof journeys.passkeySignIn>) => journeys.passkeySignIn(...args);

  it('registers after a password re-authentication, then signs in with no username or password', async () => {
    const { token, authenticator, options } = await withPasskey('chi.minhphat');
    expect(options.rp).toEqual({ id: RP.rpId, name: PORTAL_NAME });
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
    // The registration, the refused re-authentication before adding another, and the sign-in.
    expect(await journeys.logsOf('chi.minhphat', PASSKEY)).toEqual([
      [LOG_ACTION.register, OK, 'Laptop', null],
      [LOG_ACTION.register, FAILED, null, 'account.invalid_credentials (re-authentication)'],
      [LOG_ACTION.signIn, OK, 'Laptop', null],
    ]);
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
    // Every ceremony is in the log, the refused ones under the account the passkey names.
    const signIns = (await journeys.logsOf('binh.hoanglong', PASSKEY)).filter(([action]) => action === LOG_ACTION.signIn);
    expect(signIns).toEqual([
      [LOG_ACTION.signIn, OK, 'Laptop', null],
      ...Array.from({ length: 7 }, () => [LOG_ACTION.signIn, FAILED, 'Laptop', 'passkey.failed']),
      [LOG_ACTION.signIn, OK, 'Laptop', null],
    ]);
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
    expect((await journeys.logsOf('chi.hoanglong', PASSKEY)).slice(1)).toEqual([
      [LOG_ACTION.edit, OK, 'Phone', null],
      [LOG_ACTION.delete, FAILED, null, 'account.invalid_credentials (re-authentication)'],
      [LOG_ACTION.delete, OK, 'Phone', null],
    ]);
    // The passkey no longer names anyone: the refusal is logged under nobody.
    expect(await journeys.logsOf('', PASSKEY)).toContainEqual([LOG_ACTION.signIn, FAILED, null, 'passkey.unknown']);
  });

  it("a unit administrator sees their users' factors and resets them; the user is told by mail", async () => {
    const { authenticator } = await withPasskey('giang.hoanglong');
    const { access_token } = await signIn(t.app, { username: 'admin.hoanglong', password: PASSWORD });
    const [giang] = await t.database.db.select({ userId: passkeys.userId }).from(passkeys).where(eq(passkeys.credentialId, authenticator.credentialId.toString('base64url')));
    const seen = (await api(access_token, `/api/User/GetSecondFactors?ids=${giang!.userId}`)).json().data;
    expect(seen).toEqual([{ userId: giang!.userId, passkeys: 1, app: false }]);
    // The unit's user list carries the same, in its own query.
    const listed = async () => (await api(access_token, `/api/User/GetById/${giang!.userId}`)).json().data;
    expect(await listed()).toMatchObject({ passkeyCount: 1, hasApp: false });
    const reset = await api(access_token, '/api/User/ResetSecondFactors', { userId: giang!.userId, passkeys: true, app: true });
    expect(reset.json()).toEqual({ success: true, data: true });
    expect(await listed()).toMatchObject({ passkeyCount: 0, hasApp: false });
    const mail = await t.smtp.next('giang@hoanglong.example.com');
    expect(mail.subject).toMatch(/xác thực|sign-in methods/i);
    expect((await passkeySignIn(authenticator)).body).toMatchObject({ success: false, errorCode: 9201 });
    // Another unit's administrator neither sees nor resets them.
    const { access_token: stranger } = await signIn(t.app, { username: 'admin.minhphat', password: PASSWORD });
    expect((await api(stranger, `/api/User/GetSecondFactors?ids=${giang!.userId}`)).statusCode).toBe(404);
    expect((await api(stranger, '/api/User/ResetSecondFactors', { userId: giang!.userId, passkeys: true, app: false })).json().success).toBe(false);
    // Both in the log, as edits of the unit's user: the reset by their administrator, the stranger's refusal.
    expect(await journeys.logsOf('admin.hoanglong', USER_BY_UNIT)).toEqual([[LOG_ACTION.edit, OK, 'giang.hoanglong', 'reset passkeys, app']]);
    expect(await journeys.logsOf('admin.minhphat', USER_BY_UNIT)).toEqual([[LOG_ACTION.edit, FAILED, null, 'data.not_found']]);
  });
});
