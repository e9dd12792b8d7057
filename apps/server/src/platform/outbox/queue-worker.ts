import type { FastifyBaseLogger } from 'fastify';

/**
 * The outbox pattern, shared by every queue of the portal (mail, provisioning): a change
 * writes a row in its own transaction; a worker on every instance claims due rows under a
 * lease (SKIP LOCKED, so instances never wait on each other and a crashed worker's rows come
 * back), delivers them, and retries failures with exponential backoff until MAX_ATTEMPTS.
 * A queue supplies its claim and its delivery; the loop, the backoff and the lease are here.
 */

export const MAX_ATTEMPTS = 8;
/** How long a claimed row stays with its worker before another may take it. */
export const LEASE_MS = 2 * 60 * 1000;

/** Exponential backoff: 10 s, 20 s, 40 s … capped at an hour. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** (attempts - 1), 60 * 60 * 1000);
}

export interface QueueWorker {
  /** Delivers what is due now instead of waiting for the next poll. */
  kick(): void;
  /** One delivery round that begins after this call (tests drive the worker with it). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export interface QueueDefinition<Row> {
  name: string;
  /** Takes up to `limit` due rows for this worker, under a lease. */
  claim(limit: number): Promise<Row[]>;
  /** Delivers one row and records the outcome (done, or failed with the reason). */
  deliver(row: Row): Promise<void>;
  log: FastifyBaseLogger;
  pollMs?: number;
  batch?: number;
  /**
   * A row of a claimed batch is started only within this long of the claim, so it ends while
   * its lease still holds (a delivery must take less than LEASE_MS − this). The rest of a slow
   * batch waits for its lease to lapse and is taken again, by any instance, instead of being
   * sent by a worker whose lease another may already have taken over.
   */
  startWithinMs?: number;
  /** A monotonic clock in milliseconds for that window (performance.now; tests pass their own). */
  elapsedMs?: () => number;
  /**
   * Gives back the lease of claimed rows this worker will not start because it is stopping
   * (SIGTERM), so that another instance takes them at once instead of after LEASE_MS.
   */
  release?(rows: Row[]): Promise<void>;
  /** Called once the worker has stopped. */
  onStop?: () => void;
}

export function startQueueWorker<Row>(queue: QueueDefinition<Row>): QueueWorker {
  const batchSize = queue.batch ?? 10;
  const startWithinMs = queue.startWithinMs ?? LEASE_MS / 2;
  const elapsedMs = queue.elapsedMs ?? (() => performance.now());
  let current: Promise<number> | undefined;
  let queued: Promise<number> | undefined;
  let stopped = false;

  async function round(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const claimedAt = elapsedMs();
      const batch = await queue.claim(batchSize);
      let started = 0;
      for (const row of batch) {
        if (stopped || elapsedMs() - claimedAt > startWithinMs) break;
        await queue.deliver(row);
        started += 1;
      }
      delivered += started;
      if (stopped && started < batch.length) await queue.release?.(batch.slice(started));
      if (batch.length < batchSize || started < batch.length || stopped) return delivered;
    }
  }

  function start(): Promise<number> {
    current = round().finally(() => {
      current = undefined;
    });
    return current;
  }

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

  const failed = (error: unknown) => queue.log.error({ err: error }, `${queue.name} worker round failed`);
  const timer = setInterval(() => runOnce().catch(failed), queue.pollMs ?? 2000);
  timer.unref();

  return {
    kick: () => {
      if (!stopped) void runOnce().catch(failed);
    },
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([current, queued]);
      queue.onStop?.();
    },
  };
}
