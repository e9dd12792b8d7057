import type { FastifyInstance } from 'fastify';

/** One request of a steady load, as its client saw it. */
export interface Outcome {
  status: number;
  errorCode: number | null;
  ms: number;
  /** When the answer came (performance.now()). */
  answeredAt: number;
  /** The write's unique name, when it was a write. */
  name?: string;
}

/**
 * Sends `perSecond` requests a second (half writes with unique names, half reads) until
 * stopped, each on its own so a slow one never holds up the next; collects every outcome.
 */
export function steadyLoad(app: FastifyInstance, headers: Record<string, string>, perSecond: number, prefix: string) {
  const outcomes: Outcome[] = [];
  const inFlight = new Set<Promise<void>>();
  let n = 0;
  const send = () => {
    n += 1;
    const name = n % 2 === 0 ? `${prefix} ${n}` : undefined;
    const started = performance.now();
    const request = name
      ? app.inject({ method: 'POST', url: '/api/Role/AddUpdateRole', headers, payload: { name, description: 'load' } })
      : app.inject({ method: 'POST', url: '/api/Role/SearchRolePage', headers, payload: { pageIndex: 1, pageSize: 5 } });
    const done: Promise<void> = request.then((response) => {
      let errorCode: number | null;
      try {
        const body = response.json() as { success?: boolean; errorCode?: number };
        errorCode = body.success === false ? (body.errorCode ?? null) : null;
      } catch {
        errorCode = -1; // not an envelope
      }
      const answeredAt = performance.now();
      outcomes.push({ status: response.statusCode, errorCode, ms: answeredAt - started, answeredAt, ...(name ? { name } : {}) });
      inFlight.delete(done);
    });
    inFlight.add(done);
  };
  // Timers are coarse on a busy machine: a tick every 20 ms sends its share of the second.
  const timer = setInterval(() => {
    for (let i = 0; i < perSecond / 50; i++) send();
  }, 20);
  return {
    outcomes,
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return outcomes;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` holds; answers how long it took. */
export async function timeUntil(check: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await check()) return performance.now() - started;
    await sleep(everyMs);
  }
  throw new Error(`not within ${timeoutMs} ms`);
}
