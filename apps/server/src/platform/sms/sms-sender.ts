import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { startQueueWorker, type QueueWorker } from '../outbox/queue-worker.ts';
import { leaseRelease } from '../outbox/lease.ts';
import { smsOutbox } from '../../db/schema/index.ts';
import { claimDueSms, enqueueSms, markSmsFailedAttempt, markSmsSent, type SmsRow } from './outbox.ts';

/** A gateway that does not answer within this long has failed this attempt. */
const GATEWAY_TIMEOUT_MS = 10_000;

/** Sends SMS: through the outbox and the HTTP gateway, or into the development outbox. */
export interface SmsSender {
  readonly delivers: boolean;
  /** Queues a message in the caller's transaction (number and length checked first). */
  send(db: Queryable, sms: { kind: string; to: string; text: string }): Promise<string>;
  worker: QueueWorker | undefined;
  close(): Promise<void>;
}

/**
 * Posts one message to the gateway as JSON `{ id, to, text, encoding, segments }`, with the
 * message's id as `Idempotency-Key` (the same on every retry, so the gateway can drop a second
 * copy); any 2xx answer means accepted. Credentials in the URL go as basic authentication.
 */
async function postToGateway(gatewayUrl: string, row: SmsRow): Promise<void> {
  const url = new URL(gatewayUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': row.id };
  if (url.username) headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`;
  url.username = '';
  url.password = '';
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ id: row.id, to: row.phone, text: row.body, encoding: row.encoding, segments: row.segments }),
    signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`SMS gateway answered ${response.status} ${(await response.text()).slice(0, 200)}`);
}

export function createSmsSender(deps: { db: Database; clock: Clock; gatewayUrl: string | undefined; log: FastifyBaseLogger; pollMs?: number }): SmsSender {
  const { gatewayUrl } = deps;
  async function deliver(row: SmsRow): Promise<void> {
    try {
      await postToGateway(gatewayUrl!, row);
      await markSmsSent(deps.db, deps.clock, row.id);
    } catch (error) {
      deps.log.warn({ err: error, smsId: row.id, attempts: row.attempts }, 'SMS delivery failed; will retry');
      await markSmsFailedAttempt(deps.db, deps.clock, row, (error as Error).message);
    }
  }
  const worker = gatewayUrl
    ? startQueueWorker({
        name: 'sms',
        claim: (limit) => claimDueSms(deps.db, deps.clock, limit),
        deliver,
        release: leaseRelease(deps.db, smsOutbox),
        log: deps.log,
        ...(deps.pollMs === undefined ? {} : { pollMs: deps.pollMs }),
      })
    : undefined;
  return {
    delivers: worker !== undefined,
    async send(db, sms) {
      const id = await enqueueSms(db, sms, { deliver: worker !== undefined });
      setTimeout(() => worker?.kick(), 100).unref();
      return id;
    },
    worker,
    close: async () => worker?.stop(),
  };
}
