import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_RECEIVER, CAMPAIGN_STATUS } from '@portal/contracts';
import { signInActor } from '../../test/actors.ts';
import { apiAs, type Api } from '../../test/api.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { eventually } from '../../test/eventually.ts';
import { interactionPost, startAuthorization, TestBrowser } from '../../test/oidc-client.ts';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/smtp-server.ts';
import { mailOutbox, users } from '../db/schema/index.ts';
import { manualClock } from '../platform/clock.ts';
import { MAIL_STATUS } from '../platform/mail/outbox.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * The SMTP server refuses every connection for ten minutes of the server's clock while people
 * sign up, ask for a reset link, have their password reset by their administrator and an e-mail
 * campaign falls due. Once it is back, every message arrives exactly once, and each
 * receiver gets theirs in the order they were queued, whatever the retries did.
 */
describe.each(DATABASE_KINDS)('mail while SMTP is down for ten minutes, on %s', (kind) => {
  const clock = manualClock();
  let t: TestAppWithMail;
  let unitAdmin: Api;
  let platform: Api;
  beforeAll(async () => {
    t = await startTestAppWithMail(kind, {}, { clock });
    unitAdmin = apiAs(t, (await signInActor(t, 'unitAdminA')).headers);
    platform = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
  });
  afterAll(() => t?.close());

  const worker = () => t.app.portal.mailer.worker!;
  const outbox = () => t.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.seq));

  async function signUp(n: number) {
    const browser = new TestBrowser(t.app);
    const { uid } = await startAuthorization(browser);
    const reply = await interactionPost(browser, uid!, 'sign-up', {
      companyName: `Công ty Mất Thư ${n}`,
      businessCode: `0777${String(n).padStart(6, '0')}`,
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

  const CAMPAIGN_SUBJECT = 'Bản tin trong lúc mất thư';
  const campaignTo = ['binh@minhphat.example.com', 'khach@mat-thu.vn'];

  /** Schedules an e-mail campaign to `campaignTo`, due `minutes` from the server's clock. */
  async function scheduleCampaign(minutes: number): Promise<string> {
    const body = {
      name: 'Bản tin lúc SMTP hỏng',
      subject: CAMPAIGN_SUBJECT,
      receiverType: CAMPAIGN_RECEIVER.addresses,
      receivers: campaignTo.join(', '),
      cc: '',
      bcc: '',
      content: '<p>Xin chào</p>',
      sendAt: new Date(clock.now().getTime() + minutes * MINUTE).toISOString(),
    };
    return (await platform.data<{ id: string }>(platform.post('/api/EmailCampaign/AddUpdate', body))).id;
  }

  /** The campaign sender polls on its own timer; waits (bounded) until it has queued the campaign's mail. */
  async function campaignQueued(id: string) {
    await eventually(
      () => platform.data<{ status: number }>(platform.get(`/api/EmailCampaign/GetById/${id}`)),
      (found) => found.status === CAMPAIGN_STATUS.queued,
      'the campaign to be queued',
      20_000,
    );
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
    const campaignId = await scheduleCampaign(3);
    await signUp(1);
    await letTimePass(2 * MINUTE);
    await resetByAdministrator('binh.minhphat');
    await signUp(2);
    await letTimePass(4 * MINUTE);
    // Due at minute 3: its mail joins the outbox while SMTP still refuses, between the resets.
    await campaignQueued(campaignId);
    await resetByAdministrator('binh.minhphat');
    await letTimePass(4 * MINUTE);

    const during = await outbox();
    expect(during.length).toBeGreaterThanOrEqual(7);
    expect(during.filter((row) => row.subject === CAMPAIGN_SUBJECT).map((row) => row.recipient).toSorted()).toEqual(campaignTo.toSorted());
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
    // Two resets by the administrator, the reset link and the campaign's mail.
    expect(after.filter((row) => row.recipient === resetTo)).toHaveLength(4);
    // Each campaign receiver got the campaign exactly once.
    for (const recipient of campaignTo) {
      expect(t.smtp.received.filter((mail) => mail.to === recipient && mail.subject === CAMPAIGN_SUBJECT), recipient).toHaveLength(1);
    }

    const [first] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, after[0]!.id));
    expect(first!.sentAt!.getTime()).toBeGreaterThan(first!.createdAt.getTime() + 10 * MINUTE - 1);
  });
});
