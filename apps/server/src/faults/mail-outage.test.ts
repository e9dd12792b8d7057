import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActor } from '../../test/actors.ts';
import { apiAs, type Api } from '../../test/api.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { interactionPost, startAuthorization, TestBrowser } from '../../test/oidc-client.ts';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/smtp-server.ts';
import { mailOutbox, users } from '../db/schema/index.ts';
import { manualClock } from '../platform/clock.ts';
import { MAIL_STATUS } from '../platform/mail/outbox.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * The SMTP server refuses every connection for ten minutes of the server's clock while people
 * sign up, ask for a reset link and have their password reset by their administrator. Once it is back, every message arrives exactly once, and each
 * receiver gets theirs in the order they were queued, whatever the retries did.
 */
describe.each(DATABASE_KINDS)('mail while SMTP is down for ten minutes, on %s', (kind) => {
  const clock = manualClock();
  let t: TestAppWithMail;
  let unitAdmin: Api;
  beforeAll(async () => {
    t = await startTestAppWithMail(kind, {}, { clock });
    unitAdmin = apiAs(t, (await signInActor(t, 'unitAdminA')).headers);
  });
  afterAll(() => t?.close());

  const worker = () => t.app.portal.mailer.worker!;
  const outbox = () => t.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.seq));

  async function signUp(n: number) {
    const browser = new TestBrowser(t.app);
    const { uid } = await startAuthorization(browser);
    const reply = await interactionPost(browser, uid!, 'sign-up', {
      companyName: `Công ty Mất Thư ${n}`,
      businessCode: `0777${n}`,
      numberOfEmployees: '2-20',
      username: `outage.${n}`,
      email: `outage.${n}@mat-thu.vn`,
      password: 'Owner#2026',
      confirmPassword: 'Owner#2026',
      agreeTerms: true,
    });
    expect(reply.body).toMatchObject({ success: true });
  }

  async function forgotPassword(email: string) {
    const reply = await t.app.inject({ method: 'POST', url: '/api/Account/ForgotPassword', payload: { email } });
    expect(reply.json()).toMatchObject({ success: true });
  }

  async function resetByAdministrator(username: string) {
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    expect(await unitAdmin.data(unitAdmin.post('/api/User/ResetPasswordUser', { id: user!.id }))).toBe(true);
  }

  /** Lets `ms` of the server's clock pass in 30-second steps, the worker running at each. */
  async function letTimePass(ms: number) {
    for (let passed = 0; passed < ms; passed += 30 * SECOND) {
      clock.advance(30 * SECOND);
      await worker().runOnce();
    }
  }

  it('delivers everything once SMTP is back: each message exactly once, in order per receiver', async () => {
    t.smtp.refuse(true);
    const resetTo = 'binh@minhphat.example.com';
    await forgotPassword(resetTo);
    await signUp(1);
    await letTimePass(2 * MINUTE);
    await resetByAdministrator('binh.minhphat');
    await signUp(2);
    await letTimePass(4 * MINUTE);
    await resetByAdministrator('binh.minhphat');
    await letTimePass(4 * MINUTE);

    const during = await outbox();
    expect(during.length).toBeGreaterThanOrEqual(5);
    expect(t.smtp.received).toHaveLength(0);
    expect(during.every((row) => row.status === MAIL_STATUS.pending)).toBe(true);
    // The first message to each receiver was tried again and again; later ones wait behind it.
    expect(during.find((row) => row.recipient === resetTo)!.attempts).toBeGreaterThanOrEqual(4);

    t.smtp.refuse(false);
    await letTimePass(30 * MINUTE);

    const after = await outbox();
    expect(after.every((row) => row.status === MAIL_STATUS.sent)).toBe(true);
    const receivedIds = t.smtp.received.map((mail) => /Message-ID: <([^@]+)@sso-portal>/i.exec(mail.raw)?.[1]);
    expect(receivedIds.toSorted()).toEqual(after.map((row) => row.id).toSorted());
    for (const recipient of new Set(after.map((row) => row.recipient))) {
      const queued = after.filter((row) => row.recipient === recipient).map((row) => row.id);
      const arrived = t.smtp.received.filter((mail) => mail.to === recipient).map((mail) => /Message-ID: <([^@]+)@/i.exec(mail.raw)?.[1]);
      expect(arrived, recipient).toEqual(queued);
    }
    expect(after.filter((row) => row.recipient === resetTo)).toHaveLength(3);

    const [first] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, after[0]!.id));
    expect(first!.sentAt!.getTime()).toBeGreaterThan(first!.createdAt.getTime() + 10 * MINUTE - 1);
  });
});
