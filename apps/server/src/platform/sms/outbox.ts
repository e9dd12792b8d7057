import { eq } from 'drizzle-orm';
import { SMS_OUTBOX_STATUS, SMS_MAX_SEGMENTS, SMS_PHONE_PATTERN, smsLength } from '@portal/contracts';
import type { Database, Queryable } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema/index.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { claimLeased, failedAttempt } from '../outbox/lease.ts';

export type SmsRow = typeof smsOutbox.$inferSelect;

/** A number as the gateway takes it: spaces, dots, dashes and brackets typed around the digits dropped. */
export function normalisePhone(phone: string): string {
  return phone.replace(/[\s.()-]/g, '');
}

/**
 * Queues an SMS in the caller's transaction, checked first: a number that is not one and a
 * text longer than SMS_MAX_SEGMENTS are refused (naming the field) before anything is written.
 * The segments are counted (GSM-7 or UCS-2) and kept with the message.
 */
export async function enqueueSms(db: Queryable, sms: { kind: string; to: string; text: string }, options: { deliver: boolean }): Promise<string> {
  const phone = normalisePhone(sms.to);
  if (!SMS_PHONE_PATTERN.test(phone)) throw new AppError('request.bad_request', { errors: [{ field: 'body.phone', message: 'phone_invalid' }] });
  const length = smsLength(sms.text);
  if (length.segments > SMS_MAX_SEGMENTS) throw new AppError('request.bad_request', { errors: [{ field: 'body.content', message: 'sms_too_long' }] });
  const [row] = await db
    .insert(smsOutbox)
    .values({ kind: sms.kind, phone, body: sms.text, encoding: length.encoding, segments: length.segments, status: options.deliver ? SMS_OUTBOX_STATUS.pending : SMS_OUTBOX_STATUS.held })
    .returning({ id: smsOutbox.id });
  return row!.id;
}

export function claimDueSms(db: Database, clock: Clock, limit: number): Promise<SmsRow[]> {
  return claimLeased(db, smsOutbox, { now: clock.now(), limit, pending: SMS_OUTBOX_STATUS.pending });
}

export async function markSmsSent(db: Database, clock: Clock, id: string): Promise<void> {
  await db.update(smsOutbox).set({ status: SMS_OUTBOX_STATUS.sent, sentAt: clock.now(), lockedUntil: null, lastError: null }).where(eq(smsOutbox.id, id));
}

export async function markSmsFailedAttempt(db: Database, clock: Clock, row: SmsRow, error: string): Promise<void> {
  await db.update(smsOutbox).set(failedAttempt(row, clock.now(), error, SMS_OUTBOX_STATUS)).where(eq(smsOutbox.id, row.id));
}
