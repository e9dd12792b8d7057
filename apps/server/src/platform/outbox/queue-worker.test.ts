import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { silentLog } from '../../../test/silent-log.ts';
import { startQueueWorker } from './queue-worker.ts';

describe('queue worker', () => {
  it('starts no row of a slow batch after its start window, and leaves the rest for a later claim', async () => {
    // Rows 1–5 due; a claim hands out those not yet delivered, as a lapsed lease would.
    const due = [1, 2, 3, 4, 5];
    const startedAfterClaim: number[] = [];
    let claimedAt = 0;
    const worker = startQueueWorker<number>({
      name: 'test',
      claim: async (limit) => {
        claimedAt = performance.now();
        return due.slice(0, limit);
      },
      deliver: async (row) => {
        startedAfterClaim.push(performance.now() - claimedAt);
        await sleep(40);
        due.splice(due.indexOf(row), 1);
      },
      log: silentLog,
      pollMs: 60_000,
      startWithinMs: 100,
    });
    try {
      const first = await worker.runOnce();
      // Five rows of 40 ms cannot all start within 100 ms of their claim.
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThan(5);
      for (const elapsed of startedAfterClaim) expect(elapsed).toBeLessThanOrEqual(100);
      let rounds = 1;
      while (due.length > 0 && rounds < 10) {
        await worker.runOnce();
        rounds += 1;
      }
      expect(due).toEqual([]);
    } finally {
      await worker.stop();
    }
  });
});
