import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { callApi } from '../../../test/api.ts';
import { interactionPost, signIn, startAuthorization, TestBrowser } from '../../../test/oidc-client.ts';
import { startTestAppWithMail, type TestAppWithMail } from '../../../test/smtp-server.ts';
import { userTotp } from '../../db/schema/index.ts';

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
    expect(started.uri).toMatch(/^otpauth:\/\/totp\/SSO%20Portal:binh\.hoanglong\?.*issuer=SSO%20Portal/);
    expect(started.qrCode).toMatch(/^data:image\/png;base64,/);
    const [stored] = await t.database.db.select().from(userTotp);
    expect(stored!.sealedSecret).not.toContain(started.secret);

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
});
