import { describe, expect, it } from 'vitest';
import { silentLog } from '../../../test/silent-log.ts';
import { startQueueWorker } from './queue-worker.ts';

describe('queue worker', () => {
  it('when stopped mid-batch, finishes the row in flight, starts no other and gives their leases back', async () => {
    let finishFirst!: () => void;
    const inFlight = new Promise<void>((resolve) => (finishFirst = resolve));
    const delivered: number[] = [];
    const released: number[][] = [];
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    const worker = startQueueWorker<number>({
      name: 'test',
      claim: async () => [1, 2, 3],
      deliver: async (row) => {
        if (row === 1) {
          firstStarted();
          await inFlight;
        }
        delivered.push(row);
      },
      release: async (rows) => void released.push(rows),
      log: silentLog,
      pollMs: 60_000,
    });
    const round = worker.runOnce();
    await started;
    const stopping = worker.stop();
    finishFirst();
    await stopping;
    expect(await round).toBe(1);
    expect(delivered).toEqual([1]);
    expect(released).toEqual([[2, 3]]);
  });

  it('starts no row of a slow batch after its start window, and leaves the rest for a later claim', async () => {
    // Rows 1–5 due; a claim hands out those not yet delivered, as a lapsed lease would.
    const due = [1, 2, 3, 4, 5];
    // The worker's clock is the test's: each delivery takes 40 ms of it, however busy the machine.
    let now = 0;
    let claimedAt = 0;
    const startedAfterClaim: number[][] = [];
    const worker = startQueueWorker<number>({
      name: 'test',
      claim: async (limit) => {
        claimedAt = now;
        startedAfterClaim.push([]);
        return due.slice(0, limit);
      },
      deliver: async (row) => {
        startedAfterClaim.at(-1)!.push(now - claimedAt);
        now += 40;
        due.splice(due.indexOf(row), 1);
      },
      log: silentLog,
      pollMs: 60_000,
      startWithinMs: 100,
      elapsedMs: () => now,
    });
    try {
      // Rows start 0, 40 and 80 ms after the claim; the fourth would start at 120 ms, past the window.
      expect(await worker.runOnce()).toBe(3);
      expect(startedAfterClaim).toEqual([[0, 40, 80]]);
      // The rest is taken by the next claim, within its own window.
      expect(await worker.runOnce()).toBe(2);
      expect(startedAfterClaim.at(-1)).toEqual([0, 40]);
      expect(due).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it('delivers a batch several rows at once, never more than its concurrency', async () => {
    const due = Array.from({ length: 25 }, (_, n) => n);
    let inFlight = 0;
    let most = 0;
    const delivered: number[] = [];
    const worker = startQueueWorker<number>({
      name: 'test',
      claim: async (limit) => due.splice(0, limit),
      deliver: async (row) => {
        most = Math.max(most, ++inFlight);
        // Each delivery waits on the others' turns, as a request waits on the app.
        for (let turn = 0; turn < 3; turn++) await Promise.resolve();
        inFlight -= 1;
        delivered.push(row);
      },
      log: silentLog,
      pollMs: 60_000,
      concurrency: 4,
      batch: 10,
    });
    try {
      expect(await worker.runOnce()).toBe(25);
      expect(most).toBe(4);
      expect(delivered.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, n) => n));
    } finally {
      await worker.stop();
    }
  });
});
