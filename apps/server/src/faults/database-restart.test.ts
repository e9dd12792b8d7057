import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActor, type TestActor } from '../../test/actors.ts';
import { freshDatabase } from '../../test/databases.ts';
import { eventually } from '../../test/eventually.ts';
import { OWN_POSTGRES_AVAILABLE, startOwnPostgres, type OwnPostgres } from '../../test/own-services.ts';
import { startTestAppOn, type TestApp } from '../../test/test-app.ts';
import { roles } from '../db/schema/index.ts';
import { like } from 'drizzle-orm';
import { steadyLoad, type Outcome } from './load.ts';

/**
 * PostgreSQL is stopped (fast shutdown: every connection cut) and started again under a steady
 * load of 200 requests a second. The server is the real app on a PostgreSQL server of this
 * test's own, so the shared one other tests use is never touched.
 */
describe.runIf(OWN_POSTGRES_AVAILABLE)('the database restarts under load', () => {
  let postgres: OwnPostgres;
  let t: TestApp;
  let admin: TestActor;

  beforeAll(async () => {
    postgres = await startOwnPostgres();
    t = await startTestAppOn(await freshDatabase('postgres', postgres.url), { DEMO_DATA: '0' });
    admin = await signInActor(t, 'platformAdmin');
  });
  afterAll(async () => {
    await t?.close();
    await postgres?.destroy();
  });

  const ready = async () => (await t.app.inject('/readyz')).statusCode === 200;

  it('answers 503 envelopes fast while it is away, reconnects by itself, and loses no acknowledged write', async () => {
    const load = steadyLoad(t.app, admin.headers, 200, 'restart');
    const acknowledgedWrite = (outcome: Outcome) => Boolean(outcome.name) && outcome.status === 200 && outcome.errorCode === null;
    /** Waits for the load to reach a state (a hang guard only: how long it takes is not asserted). */
    const loadReaches = (from: number, what: string, accept: (outcome: Outcome) => boolean) =>
      eventually(() => load.outcomes.slice(from), (outcomes) => outcomes.some(accept), what);
    await loadReaches(0, 'writes acknowledged before the outage', acknowledgedWrite);
    await postgres.stop();
    const stoppedAt = load.outcomes.length;
    // Fail fast: while the database is away requests are answered (503), not held until it returns.
    await loadReaches(stoppedAt, 'a 503 while the database is away', (outcome) => outcome.status === 503);
    const readyWhileAway = await t.app.inject('/readyz');
    const returnedAt = performance.now();
    await postgres.start();
    // The pool reconnects by itself: ready again, and writes acknowledged again.
    await eventually(ready, (isReady) => isReady, 'ready again');
    const reconnectMs = performance.now() - returnedAt;
    await loadReaches(load.outcomes.length, 'writes acknowledged after the outage', acknowledgedWrite);
    const outcomes = await load.stop();

    const unavailable = outcomes.filter((outcome) => outcome.status === 503);
    const acknowledged = outcomes.filter(acknowledgedWrite).map((outcome) => outcome.name!);
    const stored = await t.database.db.select({ name: roles.name }).from(roles).where(like(roles.name, 'restart %'));
    const storedNames = stored.map((row) => row.name);

    expect(readyWhileAway.statusCode).toBe(503);
    // Every reply is an envelope: a success, or a 503 with the unavailable code; never a 500.
    expect(outcomes.filter((outcome) => !(outcome.status === 200 || (outcome.status === 503 && outcome.errorCode === 9503)))).toEqual([]);
    // Told by the order of events, not by how many milliseconds (or requests) a busy machine managed.
    expect(unavailable.filter((outcome) => outcome.answeredAt < returnedAt).length).toBeGreaterThan(0);
    // No acknowledged write is lost, none is stored twice.
    expect(acknowledged.filter((name) => !storedNames.includes(name))).toEqual([]);
    expect(storedNames.length).toBe(new Set(storedNames).size);
    // And the server works again afterwards.
    const after = await t.app.inject({ method: 'POST', url: '/api/Role/AddUpdateRole', headers: admin.headers, payload: { name: 'restart after', description: 'x' } });
    expect(after.json()).toMatchObject({ success: true });
    console.log(`database restart: ${outcomes.length} requests, ${unavailable.length} answered 503, ${acknowledged.length} writes acknowledged and stored, reconnected ${Math.round(reconnectMs)} ms after the database returned`);
  });
});
