import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors, UNIT_A, unitIdOf, type ActorKey, type TestActor } from '../../test/actors.ts';
import { apiAs } from '../../test/api.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { finishSignIn, interactionPost, signIn, startAuthorization, TestBrowser } from '../../test/oidc-client.ts';
import { OTHER_PASSWORD, SAMPLE_PASSWORD, unitUserSample } from '../../test/samples.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { users } from '../db/schema/index.ts';

describe.each(DATABASE_KINDS)('a generated password is replaced at the first sign-in, on %s', (kind) => {
  let t: TestApp;
  let actors: Record<ActorKey, TestActor>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    actors = await signInActors(t);
  });
  afterAll(() => t.close());

  const flagOf = async (username: string) => (await t.database.db.select({ flag: users.passwordChangeRequired }).from(users).where(eq(users.username, username)))[0]!.flag;

  /** A unit user added by the unit's administrator, with a password typed by them or generated. */
  async function addUser(password?: string) {
    const unitAdmin = apiAs(t, actors.unitAdminA.headers);
    const sample = unitUserSample.create({ unitId: await unitIdOf(t, UNIT_A), platformRoleId: '' });
    const body = password ? sample : { ...sample, password: undefined, confirmPassword: undefined };
    const { id } = await unitAdmin.data<{ id: string }>(unitAdmin.post('/api/User/AddUpdateUser', body));
    return { id, username: sample.username! };
  }

  it('marks accounts whose password was generated or reset by an administrator, and no other', async () => {
    expect(await flagOf((await addUser()).username)).toBe(true);
    const typed = await addUser(SAMPLE_PASSWORD);
    expect(await flagOf(typed.username)).toBe(false);
    const unitAdmin = apiAs(t, actors.unitAdminA.headers);
    expect(await unitAdmin.data(unitAdmin.post('/api/User/ResetPasswordUser', { id: typed.id }))).toBe(true);
    expect(await flagOf(typed.username)).toBe(true);
  });

  it('asks for a new password after the given one, with the policy, and only then issues the tokens', async () => {
    const { username } = await addUser(SAMPLE_PASSWORD);
    await t.database.db.update(users).set({ passwordChangeRequired: true }).where(eq(users.username, username));
    const browser = new TestBrowser(t.app);
    const { uid, verifier } = await startAuthorization(browser);

    const login = await interactionPost(browser, uid!, 'login', { username, password: SAMPLE_PASSWORD });
    expect(login.body).toMatchObject({ success: true, data: { status: 'new_password', username } });

    // The policy's rules, the confirmation, and a password of the user's own.
    const weak = await interactionPost(browser, uid!, 'new-password', { newPassword: 'short', confirmPassword: 'short' });
    expect(weak.response.statusCode).toBe(400);
    expect(weak.body.errors?.map((error) => error.field)).toContain('body.newPassword');
    const mismatch = await interactionPost(browser, uid!, 'new-password', { newPassword: OTHER_PASSWORD, confirmPassword: `${OTHER_PASSWORD}x` });
    expect(mismatch.body.errors?.map((error) => error.field)).toContain('body.confirmPassword');
    const same = await interactionPost(browser, uid!, 'new-password', { newPassword: SAMPLE_PASSWORD, confirmPassword: SAMPLE_PASSWORD }, 'vi');
    expect(same.body).toMatchObject({ success: false, errorCode: 9103, busErrorMessage: 'Mật khẩu mới phải khác mật khẩu được cấp' });
    expect(await flagOf(username)).toBe(true);

    const changed = await interactionPost(browser, uid!, 'new-password', { newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD });
    expect(changed.body).toMatchObject({ success: true, data: { status: 'done' } });
    const tokens = await finishSignIn(browser, changed.body.data!.redirectTo!, verifier);
    expect((await apiAs(t, { authorization: `Bearer ${tokens.access_token}` }).get('/api/User/GetUserProfileCurrent')).statusCode).toBe(200);
    expect(await flagOf(username)).toBe(false);

    // Once set, the new password signs in directly, and the given one no more.
    await expect(signIn(t.app, { username, password: OTHER_PASSWORD })).resolves.toMatchObject({ access_token: expect.any(String) });
    await expect(signIn(t.app, { username, password: SAMPLE_PASSWORD })).rejects.toThrow(/refused/);
  });

  it('sets no password for a sign-in that has not passed the password first', async () => {
    const browser = new TestBrowser(t.app);
    const { uid } = await startAuthorization(browser);
    const early = await interactionPost(browser, uid!, 'new-password', { newPassword: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD });
    expect(early.body).toMatchObject({ success: false });
    expect(early.body.data).toBeUndefined();
  });
});
