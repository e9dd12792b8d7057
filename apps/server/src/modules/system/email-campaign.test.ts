import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_RECEIVER, CAMPAIGN_STATUS, MAIL_OUTBOX_STATUS } from '@portal/contracts';
import { signInActor, UNIT_A, UNIT_B, unitIdOf } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { startAuthorization, TestBrowser } from '../../../test/oidc-client.ts';
import { startTestAppWithMail, type TestAppWithMail } from '../../../test/smtp-server.ts';
import { DEMO_PASSWORD } from '../../bootstrap/demo-data.ts';
import { emailCampaigns, mailOutbox } from '../../db/schema/index.ts';
import { manualClock } from '../../platform/clock.ts';

type Campaign = { id: string; status: number; sendAt: string; progress: { total: number; sent: number; failed: number; waiting: number } } & Record<string, unknown>;

const ADMIN_A = `admin@${UNIT_A}.example.com`;
const ADMIN_B = `admin@${UNIT_B}.example.com`;

describe.each(DATABASE_KINDS)('e-mail campaigns on %s', (kind) => {
  const clock = manualClock();
  let t: TestAppWithMail;
  let platform: Api;
  const inMinutes = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000).toISOString();
  const campaign = (overrides: Record<string, unknown> = {}) => ({
    name: 'Bản tin tháng',
    subject: 'Tin mới từ cổng SSO',
    receiverType: CAMPAIGN_RECEIVER.addresses,
    receivers: 'an@example.com, binh@example.com',
    cc: '',
    bcc: '',
    content: '<p>Xin chào quý khách</p><img src="x" onerror="alert(1)">',
    sendAt: inMinutes(10),
    ...overrides,
  });
  const get = (id: string) => platform.data<Campaign>(platform.get(`/api/EmailCampaign/GetById/${id}`));
  const create = async (body: object) => (await platform.data<{ id: string }>(platform.post('/api/EmailCampaign/AddUpdate', body))).id;
  const receiversOf = (campaignId: string) =>
    platform.data<{ records: { address: string; role: string; status: number }[] }>(platform.post('/api/EmailCampaign/SearchReceiver', { campaignId, pageIndex: 1, pageSize: 50 }));
  /** Waits (bounded) until the campaign's every mail has been delivered. */
  async function delivered(id: string): Promise<Campaign> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = await get(id);
      if (found.status === CAMPAIGN_STATUS.queued && found.progress.total > 0 && found.progress.waiting === 0) return found;
      if (Date.now() > deadline) throw new Error(`campaign not delivered: ${JSON.stringify(found)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    t = await startTestAppWithMail(kind, {}, { clock });
    platform = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
  });
  afterAll(() => t.close());

  it('sends at its time, once, to the administrators of the chosen units and the Cc, on whichever instance claims it', async () => {
    // The clock was made when the tests were collected; the mail it queues is stamped with the database's now.
    clock.set(new Date());
    const unitIds = [await unitIdOf(t, UNIT_A), await unitIdOf(t, UNIT_B)];
    const id = await create(campaign({ receiverType: CAMPAIGN_RECEIVER.unitAdmins, receivers: '', unitIds, cc: 'cskh@example.com', bcc: ADMIN_A, sendAt: inMinutes(5) }));
    // PGlite serves one instance; several share a PostgreSQL server and race for the campaign.
    const other = kind === 'postgres' ? await t.anotherInstance() : undefined;
    try {
      expect((await get(id)).status).toBe(CAMPAIGN_STATUS.scheduled);
      clock.advance(6 * 60_000);
      const done = await delivered(id);
      expect(done.progress).toEqual({ total: 3, sent: 3, failed: 0, waiting: 0 });
      for (const address of [ADMIN_A, ADMIN_B, 'cskh@example.com']) {
        const mail = await t.smtp.next(address);
        expect(mail.subject).toBe('Tin mới từ cổng SSO');
        expect(mail.raw).not.toMatch(/onerror/);
      }
      const { records } = await receiversOf(id);
      expect(records.map((r) => [r.address, r.role, r.status]).sort()).toEqual(
        [
          [ADMIN_A, 'to', MAIL_OUTBOX_STATUS.sent],
          [ADMIN_B, 'to', MAIL_OUTBOX_STATUS.sent],
          ['cskh@example.com', 'cc', MAIL_OUTBOX_STATUS.sent],
        ].sort(),
      );
      // Another round of every sender (and of every mail worker) finds nothing more to send: exactly one mail each.
      clock.advance(60_000);
      for (const app of [t.app, ...(other ? [other.app] : [])]) {
        expect(await app.campaignSender.runOnce()).toBe(0);
        await app.portal.mailer.worker!.runOnce();
      }
      const counted = (address: string) => t.smtp.received.filter((mail) => mail.to === address && mail.subject === 'Tin mới từ cổng SSO').length;
      expect([counted(ADMIN_A), counted(ADMIN_B), counted('cskh@example.com')]).toEqual([1, 1, 1]);
      // A queued campaign is neither edited nor cancelled.
      const edit = await platform.post('/api/EmailCampaign/AddUpdate', { ...done, name: 'Changed' });
      expect(edit.json()).toMatchObject({ success: false, errorCode: 3106 });
      expect((await platform.post('/api/EmailCampaign/UpdateStatus', { id, status: CAMPAIGN_STATUS.cancelled })).json()).toMatchObject({ success: false, errorCode: 3106 });
    } finally {
      await other?.close();
    }
  });

  it('a cancelled campaign is not sent; rescheduled, it keeps the new time', async () => {
    const id = await create(campaign({ receivers: 'huy@example.com', sendAt: inMinutes(5) }));
    await platform.data(platform.post('/api/EmailCampaign/UpdateStatus', { id, status: CAMPAIGN_STATUS.cancelled }));
    const rescheduled = await get(id);
    await platform.data(platform.post('/api/EmailCampaign/AddUpdate', { ...rescheduled, sendAt: inMinutes(30) }));
    clock.advance(10 * 60_000);
    // A round of the sender at the old time: the cancelled campaign is not among what it takes.
    expect(await t.app.campaignSender.runOnce()).toBe(0);
    expect(await get(id)).toMatchObject({ status: CAMPAIGN_STATUS.cancelled, progress: { total: 0 } });
    // Taken back, it leaves at its new time.
    await platform.data(platform.post('/api/EmailCampaign/UpdateStatus', { id, status: CAMPAIGN_STATUS.scheduled }));
    clock.advance(25 * 60_000);
    expect((await delivered(id)).progress.sent).toBe(1);
    expect((await t.smtp.next('huy@example.com')).subject).toBe('Tin mới từ cổng SSO');
  });

  it('sent now: without a send time the campaign leaves on the sender\'s next round, the time stamped by the server', async () => {
    const before = clock.now().getTime();
    const id = await create(campaign({ receivers: 'ngay@example.com', sendAt: null }));
    const saved = await get(id);
    expect(saved.status).toBe(CAMPAIGN_STATUS.scheduled);
    expect(new Date(saved.sendAt).getTime()).toBe(before);
    expect(await t.app.campaignSender.runOnce()).toBe(1);
    expect((await delivered(id)).progress.sent).toBe(1);
    expect((await t.smtp.next('ngay@example.com')).subject).toBe('Tin mới từ cổng SSO');
  });

  it("reaches each receiver in the language of their account's last sign-in, Vietnamese for an address of no account", async () => {
    // Unit B's administrator signs in from the English sign-in screen.
    const browser = new TestBrowser(t.app);
    const { uid } = await startAuthorization(browser);
    const login = await browser.request('POST', `/oidc/interaction/${uid}/login`, { json: { username: `admin.${UNIT_B}`, password: DEMO_PASSWORD }, headers: { 'accept-language': 'en' } });
    expect(login.json().success, login.body).toBe(true);
    const stranger = 'khach.le@example.com';
    const id = await create(campaign({ receivers: `${ADMIN_B.toUpperCase()}, ${stranger}`, sendAt: inMinutes(5) }));
    clock.advance(6 * 60_000);
    expect(await t.app.campaignSender.runOnce()).toBe(1);
    const mails = await t.database.db
      .select({ to: mailOutbox.recipient, language: mailOutbox.language, html: mailOutbox.htmlBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'campaign'), inArray(mailOutbox.recipient, [ADMIN_B.toUpperCase(), stranger])));
    expect(mails.map((mail) => [mail.to, mail.language, mail.html?.includes(`<html lang="${mail.language}">`)]).sort()).toEqual(
      [
        [ADMIN_B.toUpperCase(), 'en', true],
        [stranger, 'vi', true],
      ].sort(),
    );
    expect((await get(id)).progress.total).toBe(2);
  });

  it('refuses a send time in the past, receivers and copies that are not addresses, naming the field, nothing written', async () => {
    const before = await t.database.db.$count(emailCampaigns);
    const past = await platform.post('/api/EmailCampaign/AddUpdate', campaign({ sendAt: inMinutes(-1) }));
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual([{ field: 'body.sendAt', message: 'send_time_past' }]);
    const badReceiver = await platform.post('/api/EmailCampaign/AddUpdate', campaign({ receivers: 'an@example.com, not-an-address' }));
    expect(badReceiver.statusCode).toBe(400);
    expect(badReceiver.json().errors).toContainEqual({ field: 'body.receivers', message: 'email_invalid' });
    const badCc = await platform.post('/api/EmailCampaign/AddUpdate', campaign({ cc: 'ok@example.com,,x@', bcc: 'y' }));
    expect(badCc.json().errors).toEqual(expect.arrayContaining([{ field: 'body.cc', message: 'email_invalid' }, { field: 'body.bcc', message: 'email_invalid' }]));
    const noUnits = await platform.post('/api/EmailCampaign/AddUpdate', campaign({ receiverType: CAMPAIGN_RECEIVER.unitUsers, receivers: '' }));
    expect(noUnits.json().errors).toContainEqual({ field: 'body.unitIds', message: 'required' });
    const variable = await platform.post('/api/EmailCampaign/AddUpdate', campaign({ content: '<p>{{username}}</p>' }));
    expect(variable.json().errors).toContainEqual({ field: 'body.content', message: 'template_variable_unknown' });
    expect(await t.database.db.$count(emailCampaigns)).toBe(before);
  });

  it('stores the content without anything that runs, and takes back the record it answered', async () => {
    const id = await create(campaign({ cc: ' a@example.com ; b@example.com ' }));
    const record = await get(id);
    expect(record.content).not.toMatch(/onerror/);
    expect(record.cc).toBe('a@example.com, b@example.com');
    await platform.data(platform.post('/api/EmailCampaign/AddUpdate', record));
    expect(await get(id)).toEqual({ ...record, updatedAt: expect.any(String) });
  });
});
