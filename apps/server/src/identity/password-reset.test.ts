import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_STATUS } from '@portal/contracts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { mailOutbox, rateLimits, users, verificationCodes } from '../db/schema/index.ts';

const ROUNDS = 21;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Forgot password tells nobody which addresses are registered: the answer is the same body,
 * in about the same time, for a registered, an unknown, a locked and a disabled address; the
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

  it('in about the same time: the median of either is within twice the other', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    const timed = async (email: string) => {
      // Each request starts from no earlier one (the per-address and per-client limits).
      await t.database.db.delete(rateLimits);
      const started = performance.now();
      const answer = await ask(email);
      const elapsed = performance.now() - started;
      expect(answer.json()).toEqual({ success: true, data: { validMinutes: 30 } });
      return elapsed;
    };
    // Interleaved, so both paths see the same machine.
    for (let round = 0; round < ROUNDS; round++) {
      known.push(await timed('binh@minhphat.example.com'));
      unknown.push(await timed(`nobody${round}@nowhere.example.com`));
    }
    const [k, u] = [median(known), median(unknown)];
    expect(Math.max(k, u) / Math.min(k, u), `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(2);
  });
});
