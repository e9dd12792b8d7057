import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { startQueueWorker, type QueueWorker } from '../outbox/queue-worker.ts';
import { leaseRelease } from '../outbox/lease.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { readSetting } from '../settings.ts';
import { claimDueMail, markFailedAttempt, markSent, type OutboxRow } from './outbox.ts';

/** The sender address of the portal's mail. */
export const MAIL_FROM = process.env.MAIL_FROM ?? 'SSO Portal <no-reply@sso-portal.local>';
const FROM_ADDRESS = /<([^>]+)>/.exec(MAIL_FROM)?.[1] ?? MAIL_FROM;

export type MailWorker = QueueWorker;

/**
 * Delivers the outbox through SMTP. Every instance runs one; the outbox's leases make sure
 * each message has a single sender at a time. A message is marked sent right after the SMTP
 * server accepts it, with a Message-ID that stays the same across retries.
 */
export function startMailWorker(deps: { db: Database; clock: Clock; smtpUrl: string; log: FastifyBaseLogger; pollMs?: number }): MailWorker {
  // nodemailer loads with the first message to deliver, not at start.
  let transport: Promise<Transporter> | undefined;
  const smtp = () => (transport ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(deps.smtpUrl)));

  async function deliver(row: OutboxRow): Promise<void> {
    try {
      // The sender name is a setting (System → configuration): a change applies to the next mail.
      const from = { name: await readSetting(deps.db, 'MAIL_SENDER_NAME'), address: FROM_ADDRESS };
      await (await smtp()).sendMail({
        from,
        to: row.recipient,
        cc: row.cc ?? undefined,
        bcc: row.bcc ?? undefined,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        messageId: `<${row.id}@sso-portal>`,
      });
      await markSent(deps.db, deps.clock, row.id);
    } catch (error) {
      deps.log.warn({ err: error, mailId: row.id, attempts: row.attempts }, 'mail delivery failed; will retry');
      await markFailedAttempt(deps.db, deps.clock, row, (error as Error).message);
    }
  }

  return startQueueWorker({
    name: 'mail',
    claim: (limit) => claimDueMail(deps.db, deps.clock, limit),
    release: leaseRelease(deps.db, mailOutbox),
    deliver,
    log: deps.log,
    ...(deps.pollMs === undefined ? {} : { pollMs: deps.pollMs }),
    onStop: () => void transport?.then((opened) => opened.close()),
  });
}
