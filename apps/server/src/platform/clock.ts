/**
 * The server's one clock. Everything that compares with "now" for a business rule (a pack's
 * expiry, a trial's days left) asks it, so tests move past an expiry without waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and move by hand. */
export function manualClock(start: Date = new Date()): Clock & { set(at: Date): void; advance(ms: number): void; advanceDays(days: number): void } {
  let at = start;
  return {
    now: () => new Date(at),
    set(next) {
      at = next;
    },
    advance(ms) {
      at = new Date(at.getTime() + ms);
    },
    advanceDays(days) {
      at = new Date(at.getTime() + days * 86_400_000);
    },
  };
}
