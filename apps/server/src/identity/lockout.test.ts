import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { interactionPost, refresh, signIn, startAuthorization, TestBrowser } from '../../test/oidc-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { userDevices, users, verificationCodes } from '../db/schema/index.ts';
import { unlockUser } from './lockout.ts';
import { recordSignIn } from './sign-in-record.ts';

const PASSWORD = 'Demo@2026';

describe.each(DATABASE_KINDS)('lockout on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  async function attempt(username: string, password: string) {
    const browser = new TestBrowser(t.app);
    const { uid } = await startAuthorization(browser);
    return (await interactionPost(browser, uid!, 'login', { username, password })).body;
  }
  const userRow = async (username: string) => (await t.database.db.select().from(users).where(eq(users.username, username)))[0]!;

  it('locks after 5 wrong passwords for 30 minutes (code 17), even for the right password', async () => {
    const username = 'chi.minhphat';
    for (let i = 1; i <= 4; i++) expect(await attempt(username, 'Wrong#Pass1')).toMatchObject({ success: false, errorCode: 2 });
    expect(await attempt(username, 'Wrong#Pass1')).toEqual({ success: false, errorCode: 17, busErrorMessage: 'Your account is locked for 30 minutes' });
    expect(await attempt(username, PASSWORD)).toMatchObject({ success: false, errorCode: 17 });
    const { lockedUntil } = await userRow(username);
    expect(lockedUntil!.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(lockedUntil!.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
  });

  it('counts 50 parallel wrong attempts atomically: exactly the fifth locks', async () => {
    const username = 'dung.minhphat';
    const answers = await Promise.all(Array.from({ length: 50 }, () => attempt(username, 'Wrong#Pass1')));
    expect(answers.filter((a) => a.errorCode === 2)).toHaveLength(4);
    expect(answers.filter((a) => a.errorCode === 17)).toHaveLength(46);
    expect((await userRow(username)).failedLoginCount).toBe(5);
  });

  it('stops refresh and password reset while locked; an administrator can unlock', async () => {
    const username = 'giang.minhphat';
    const tokens = await signIn(t.app, { username, password: PASSWORD });
    for (let i = 0; i < 5; i++) await attempt(username, 'Wrong#Pass1');
    expect((await refresh(tokens.browser, tokens.refresh_token!)).json().error).toBe('invalid_grant');
    // Answered as for any address (which must not tell the account exists), but no link is made.
    const reset = await t.app.inject({ method: 'POST', url: '/api/Account/ForgotPassword', payload: { email: 'giang@minhphat.example.com' } });
    expect(reset.json()).toMatchObject({ success: true });
    expect(await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.purpose, 'password_reset'))).toEqual([]);

    const user = await userRow(username);
    await unlockUser(t.database.db, user.id);
    expect(await attempt(username, 'Wrong#Pass1')).toMatchObject({ errorCode: 2 });
    expect((await attempt(username, PASSWORD)).success).toBe(true);
    expect((await userRow(username)).failedLoginCount).toBe(0);
  });

  it('starts a new count once the lock has run out', async () => {
    const username = 'binh.saoviet';
    for (let i = 0; i < 5; i++) await attempt(username, 'Wrong#Pass1');
    await t.database.db.update(users).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(users.username, username));
    expect(await attempt(username, 'Wrong#Pass1')).toMatchObject({ errorCode: 2 });
    expect((await userRow(username)).failedLoginCount).toBe(1);
    expect((await attempt(username, PASSWORD)).success).toBe(true);
  });

  it('does not record a sign-in whose account a parallel wrong password locked after its password was checked', async () => {
    // A right password with no failures to clear writes nothing; the lock is caught here.
    const user = await userRow('chi.hoanglong');
    const devicesOf = async (deviceKey: string) => t.database.db.select().from(userDevices).where(eq(userDevices.deviceKey, deviceKey));
    const signInFrom = (deviceKeyHash: string) => recordSignIn(t.database.db, new Date(), { userSignedIn: () => {} }, user, { ip: '10.0.0.1', userAgent: undefined, deviceKeyHash, language: 'vi' });
    await t.database.db.update(users).set({ lockedUntil: new Date(Date.now() + 60_000) }).where(eq(users.id, user.id));
    expect(await signInFrom('a'.repeat(64))).toBe(false);
    expect(await devicesOf('a'.repeat(64))).toHaveLength(0);
    expect((await userRow('chi.hoanglong')).lastLoginAt).toEqual(user.lastLoginAt);

    await unlockUser(t.database.db, user.id);
    expect(await signInFrom('b'.repeat(64))).toBe(true);
    expect(await devicesOf('b'.repeat(64))).toHaveLength(1);
  });
});
