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
  /**
   * Splits a claimed batch into bundles, each delivered by deliverBundle in one lane (the
   * provisioning queue sends an app's users together). The claim gives one row per key
   * (inOrderPer), so a bundle's rows never overtake each other.
   */
  bundle?(batch: Row[]): Row[][];
  /**
   * Delivers a bundle and records each row's outcome; a row not yet begun is begun only while
   * `mayStart()` says so. Answers the rows it did not begin (released when stopping).
   */
  deliverBundle?(rows: Row[], mayStart: () => boolean): Promise<Row[]>;
  log: FastifyBaseLogger;
  pollMs?: number;
  batch?: number;
  /**
   * How many claimed rows are delivered at once (1: one after another). The claim never
   * hands out two rows of one key at once (claimLeased's inOrderPer), so rows delivered
   * together never overtake each other.
   */
  concurrency?: number;
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
  const concurrency = Math.max(1, queue.concurrency ?? 1);
  // A batch keeps every lane busy for a few turns between two claims.
  const batchSize = queue.batch ?? Math.max(10, concurrency * 4);
  const startWithinMs = queue.startWithinMs ?? LEASE_MS / 2;
  const elapsedMs = queue.elapsedMs ?? (() => performance.now());
  let current: Promise<number> | undefined;
  let queued: Promise<number> | undefined;
  let stopped = false;

  // A queue without bundles delivers a row at a time: a bundle of one, begun as soon as it is taken.
  const bundled = queue.bundle && queue.deliverBundle ? { split: queue.bundle, deliver: queue.deliverBundle } : undefined;
  const split = bundled?.split ?? ((batch: Row[]) => batch.map((row) => [row]));
  const deliverBundle =
    bundled?.deliver ??
    (async (rows: Row[]) => {
      await queue.deliver(rows[0]!);
      return [];
    });

  /** Delivers the batch's bundles, `concurrency` at a time, in claim order; answers the rows not begun. */
  async function deliverBatch(batch: Row[], claimedAt: number): Promise<Row[]> {
    const bundles = split(batch);
    const notBegun: Row[] = [];
    let next = 0;
    let halted = false;
    // Nothing starts once the worker stops or the lease is near its end (the rest is released or left to lapse).
    const mayStart = () => {
      halted ||= stopped || elapsedMs() - claimedAt > startWithinMs;
      return !halted;
    };
    const lane = async () => {
      while (next < bundles.length && mayStart()) {
        notBegun.push(...(await deliverBundle(bundles[next++]!, mayStart)));
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, bundles.length) }, lane));
    return [...notBegun, ...bundles.slice(next).flat()];
  }

  async function round(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const claimedAt = elapsedMs();
      const batch = await queue.claim(batchSize);
      const notBegun = await deliverBatch(batch, claimedAt);
      delivered += batch.length - notBegun.length;
      if (stopped && notBegun.length > 0) await queue.release?.(notBegun);
      if (batch.length < batchSize || notBegun.length > 0 || stopped) return delivered;
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
