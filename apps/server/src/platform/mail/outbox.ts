import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { MAIL_OUTBOX_STATUS, type Language } from '@portal/contracts';
import type { Database, Queryable } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { Clock } from '../clock.ts';
import { claimLeased, failedAttempt } from '../outbox/lease.ts';

/**
 * pending → sent; failed: given up after MAX_ATTEMPTS (the last error says why); held: no
 * SMTP server is configured, the message waits in the development outbox.
 */
export const MAIL_STATUS = MAIL_OUTBOX_STATUS;


export interface OutgoingMail {
  kind: string;
  to: string;
  cc?: string | undefined;
  bcc?: string | undefined;
  language: Language;
  subject: string;
  text: string;
  html?: string | undefined;
}

function outboxRow(mail: OutgoingMail, options: { deliver: boolean }) {
  return {
    kind: mail.kind,
    recipient: mail.to,
    cc: mail.cc ?? null,
    bcc: mail.bcc ?? null,
    language: mail.language,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    status: options.deliver ? MAIL_STATUS.pending : MAIL_STATUS.held,
  };
}

/**
 * Queues a message in the caller's transaction: it leaves only if the change that caused it
 * commits, and it survives restarts and SMTP outages.
 */
export async function enqueueMail(db: Queryable, mail: OutgoingMail, options: { deliver: boolean }): Promise<string> {
  const [id] = await enqueueMails(db, [mail], options);
  return id!;
}

/** Queues many messages as `enqueueMail` does, a thousand rows per statement; answers their ids in order. */
export async function enqueueMails(db: Queryable, mails: readonly OutgoingMail[], options: { deliver: boolean }): Promise<string[]> {
  // Ids made here: the order RETURNING answers rows in is not one PostgreSQL promises.
  const rows = mails.map((mail) => ({ id: randomUUID(), ...outboxRow(mail, options) }));
  for (let start = 0; start < rows.length; start += 1000) await db.insert(mailOutbox).values(rows.slice(start, start + 1000));
  return rows.map((row) => row.id);
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Takes up to `limit` due messages for this worker. The lease keeps other instances off them;
 * SKIP LOCKED keeps instances from waiting on each other. A message waits while an earlier one
 * to the same receiver is still pending, so each receiver gets its mail in the order it was
 * queued, however the retries of an outage fall. "Now" is the server's clock, so tests can
 * let ten minutes of outage pass at once.
 */
export async function claimDueMail(db: Database, clock: Clock, limit: number): Promise<OutboxRow[]> {
  return claimLeased(db, mailOutbox, {
    now: clock.now(),
    limit,
    pending: MAIL_STATUS.pending,
    inOrderPer: ['recipient'],
  });
}

export async function markSent(db: Database, clock: Clock, id: string): Promise<void> {
  await db.update(mailOutbox).set({ status: MAIL_STATUS.sent, sentAt: clock.now(), lockedUntil: null, lastError: null }).where(eq(mailOutbox.id, id));
}

export async function markFailedAttempt(db: Database, clock: Clock, row: OutboxRow, error: string): Promise<void> {
  await db.update(mailOutbox).set(failedAttempt(row, clock.now(), error, MAIL_STATUS)).where(eq(mailOutbox.id, row.id));
}
