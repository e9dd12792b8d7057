import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_STATUS } from '@portal/contracts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { mailOutbox, rateLimits, users, verificationCodes } from '../db/schema/index.ts';

/**
 * Forgot password tells nobody which addresses are registered: the answer is the same body,
 * after the same work, for a registered, an unknown, a locked and a disabled address; the
 * link is mailed only to the active account, at the address it is registered with.
 */
describe.each(DATABASE_KINDS)('forgot password answers alike on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const { db } = t.database;
    await db.update(users).set({ lockedUntil: new Date(Date.now() + 30 * 60_000) }).where(eq(users.username, 'dung.minhphat'));
    await db.update(users).set({ status: USER_STATUS.lock }).where(eq(users.username, 'giang.minhphat'));
  });
  afterAll(() => t.close());

  const ask = (email: string) => t.app.inject({ method: 'POST', url: '/api/Account/ForgotPassword', payload: { email }, headers: { 'accept-language': 'en' } });
  const mailTo = async (address: string) => t.database.db.select().from(mailOutbox).where(sql`lower(${mailOutbox.recipient}) = ${address.toLowerCase()}`);
  const resetCodes = async () => (await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.purpose, 'password_reset'))).length;

  it('the same answer for every address; the link only to the active account, at its registered address', async () => {
    const answers = await Promise.all(['Chi@MinhPhat.example.com', 'nobody@nowhere.example.com', 'dung@minhphat.example.com', 'giang@minhphat.example.com'].map(ask));
    expect(answers.map((answer) => [answer.statusCode, answer.body])).toEqual(answers.map(() => [200, JSON.stringify({ success: true, data: { validMinutes: 30 } })]));
    expect((await mailTo('chi@minhphat.example.com')).map((mail) => mail.recipient)).toEqual(['chi@minhphat.example.com']);
    for (const address of ['nobody@nowhere.example.com', 'dung@minhphat.example.com', 'giang@minhphat.example.com']) expect(await mailTo(address)).toEqual([]);
    expect(await resetCodes()).toBe(1);

    // A second request within ten minutes is refused alike, known or not.
    const again = await Promise.all(['chi@minhphat.example.com', 'nobody@nowhere.example.com'].map(ask));
    expect(again.map((answer) => answer.body)).toEqual([again[0]!.body, again[0]!.body]);
    expect(again[0]!.json()).toMatchObject({ success: false, errorCode: 14 });
  });

  it('with the same work for every address: a link stored and its mail rendered and queued, undone for all but the active account', async () => {
    // A rolled-back insert still moves the outbox's sequence: it counts mail queued, kept or undone.
    const mailQueued = async () => {
      const { rows } = (await t.database.db.execute(sql`select coalesce(last_value, 0)::int as n from pg_sequences where sequencename = 'mail_outbox_seq_seq'`)) as unknown as { rows: { n: number }[] };
      return rows[0]!.n;
    };
    const work = async (email: string) => {
      // Each request starts from no earlier one (the per-address and per-client limits).
      await t.database.db.delete(rateLimits);
      const [queuedBefore, codesBefore] = [await mailQueued(), await resetCodes()];
      expect((await ask(email)).json()).toEqual({ success: true, data: { validMinutes: 30 } });
      return { queued: (await mailQueued()) - queuedBefore, linksKept: (await resetCodes()) - codesBefore };
    };
    // Unknown, locked, disabled: the same mail queued as for the active account, then undone. (Its
    // time is not compared: the work is the same, and a busy machine makes any timing ratio noise.)
    expect(await work('nobody2@nowhere.example.com')).toEqual({ queued: 1, linksKept: 0 });
    expect(await work('dung@minhphat.example.com')).toEqual({ queued: 1, linksKept: 0 });
    expect(await work('giang@minhphat.example.com')).toEqual({ queued: 1, linksKept: 0 });
    await t.database.db.delete(verificationCodes).where(eq(verificationCodes.purpose, 'password_reset'));
    expect(await work('binh@minhphat.example.com')).toEqual({ queued: 1, linksKept: 1 });
  });
});
