import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { claimDueMail, markFailedAttempt, markSent, type OutboxRow } from './outbox.ts';

const POLL_MS = 2000;
const BATCH = 10;
/** The sender address of the portal's mail. */
export const MAIL_FROM = process.env.MAIL_FROM ?? 'SSO Portal <no-reply@sso-portal.local>';

export interface MailWorker {
  /** Delivers what is due now instead of waiting for the next poll. */
  kick(): void;
  /** One delivery round (tests drive the worker with it). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Delivers the outbox through SMTP. Every instance runs one; the outbox's leases make sure
 * each message has a single sender at a time. A message is marked sent right after the SMTP
 * server accepts it, with a Message-ID that stays the same across retries.
 */
export function startMailWorker(deps: { db: Database; smtpUrl: string; log: FastifyBaseLogger; pollMs?: number }): MailWorker {
  const transport: Transporter = nodemailer.createTransport(deps.smtpUrl);
  let current: Promise<number> | undefined;
  let queued: Promise<number> | undefined;
  let stopped = false;

  async function deliver(row: OutboxRow): Promise<void> {
    try {
      await transport.sendMail({
        from: MAIL_FROM,
        to: row.recipient,
        cc: row.cc ?? undefined,
        bcc: row.bcc ?? undefined,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        messageId: `<${row.id}@sso-portal>`,
      });
      await markSent(deps.db, row.id);
    } catch (error) {
      deps.log.warn({ err: error, mailId: row.id, attempts: row.attempts }, 'mail delivery failed; will retry');
      await markFailedAttempt(deps.db, row, (error as Error).message);
    }
  }

  async function round(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const batch = await claimDueMail(deps.db, BATCH);
      for (const row of batch) await deliver(row);
      delivered += batch.length;
      if (batch.length < BATCH || stopped) return delivered;
    }
  }

  function start(): Promise<number> {
    current = round().finally(() => {
      current = undefined;
    });
    return current;
  }

  /** A round that begins after this call, so it sees every message committed before it. */
  function runOnce(): Promise<number> {
    if (queued) return queued;
    if (!current) return start();
    queued = current
      .catch(() => 0)
      .then(() => {
        queued = undefined;
        return start();
      });
    return queued;
  }

  const timer = setInterval(() => {
    runOnce().catch((error: unknown) => deps.log.error({ err: error }, 'mail worker round failed'));
  }, deps.pollMs ?? POLL_MS);
  timer.unref();

  return {
    kick: () => void runOnce().catch((error: unknown) => deps.log.error({ err: error }, 'mail worker round failed')),
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([current, queued]);
      transport.close();
    },
  };
}
