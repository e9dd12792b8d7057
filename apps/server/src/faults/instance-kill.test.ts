import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_EVENTS, REALTIME_PATH } from '@portal/contracts';
import { httpInjector, startBalancer, startInstancePair, type Balancer, type Instance, type InstancePair } from '../../test/instances.ts';
import { bearer, signIn } from '../../test/oidc-client.ts';
import { OWN_POSTGRES_AVAILABLE, OWN_REDIS_AVAILABLE } from '../../test/own-services.ts';
import { DEMO_UNIT_ADMIN, DEMO_UNIT_USER, TEST_ADMIN } from '../../test/test-app.ts';
import { sleep, timeUntil } from './load.ts';

const SIGN_INS = 50;
const WRITES = 200;

type Outcome = 'done' | 'cut' | `status ${number}`;
const count = (outcomes: Outcome[]) => outcomes.reduce<Record<string, number>>((all, o) => ({ ...all, [o]: (all[o] ?? 0) + 1 }), {});

/**
 * Two portal processes on one PostgreSQL and Redis behind a TCP balancer; one is killed with
 * SIGKILL in the middle of 50 sign-ins and 200 writes. Every sign-in completes or fails
 * cleanly and succeeds when retried; every acknowledged write is in the database, none is
 * there twice; the live connections of the dead instance come back on the survivor.
 */
describe.runIf(OWN_POSTGRES_AVAILABLE && OWN_REDIS_AVAILABLE)('an instance killed under load', () => {
  let pair: InstancePair;
  let instances: Instance[];
  let balancer: Balancer;
  let database: pg.Pool;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    pair = await startInstancePair({ DEMO_DATA: '1' });
    ({ instances, database } = pair);
    balancer = await startBalancer(instances.map((instance) => instance.port));
  }, 240_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await balancer?.close();
    await pair?.close();
  });

  /** A browser's live connection through the balancer, reconnecting by itself as the SPA's does. */
  async function liveConnection(token: string): Promise<Socket> {
    const socket = io(balancer.url, { path: REALTIME_PATH, transports: ['websocket'], auth: { token }, reconnectionDelay: 100, reconnectionDelayMax: 500 });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  const outcomeOf = async (work: () => Promise<{ statusCode: number; body: string }>): Promise<Outcome> => {
    try {
      const reply = await work();
      const success = reply.statusCode === 200 && (JSON.parse(reply.body) as { success?: boolean }).success !== false;
      return success ? 'done' : `status ${reply.statusCode}`;
    } catch {
      return 'cut';
    }
  };

  it('loses no acknowledged write, doubles none, and every sign-in succeeds at the latest on retry', async () => {
    const client = httpInjector(balancer.url) as unknown as FastifyInstance;
    const admin = await signIn(client, TEST_ADMIN);
    const watcher = await signIn(client, DEMO_UNIT_ADMIN);
    // Two connections in a row: the balancer puts one on each instance.
    const watching = [await liveConnection(watcher.access_token), await liveConnection(watcher.access_token)];

    const signInOnce = () =>
      outcomeOf(async () => {
        const tokens = await signIn(client, DEMO_UNIT_USER);
        return { statusCode: tokens.access_token ? 200 : 500, body: '{}' };
      });
    const write = (n: number) =>
      outcomeOf(() => client.inject({ method: 'POST', url: '/api/Role/AddUpdateRole', headers: bearer(admin.access_token), payload: { name: `killed-load ${n}`, description: 'load' } }));

    const signIns = Array.from({ length: SIGN_INS }, (_, n) => sleep(n * 60).then(signInOnce));
    const writes = Array.from({ length: WRITES }, (_, n) => sleep(n * 15).then(() => write(n)));
    await sleep(1200);
    await instances[1]!.kill();
    const signInOutcomes = await Promise.all(signIns);
    const writeOutcomes = await Promise.all(writes);

    // The kill landed in the middle of the load: some requests were in flight on the dead instance.
    expect(count([...signInOutcomes, ...writeOutcomes]).cut ?? 0).toBeGreaterThan(0);
    // Nothing but success or a cut connection (a dying process answers nothing, never a 500).
    expect([...signInOutcomes, ...writeOutcomes].filter((outcome) => outcome !== 'done' && outcome !== 'cut')).toEqual([]);
    expect(writeOutcomes.filter((outcome) => outcome === 'done').length).toBeGreaterThan(WRITES / 2);

    const stored = async () => {
      const { rows } = await database.query<{ name: string; copies: number }>(
        "select name, count(*)::int as copies from roles where name like 'killed-load %' group by name",
      );
      return new Map(rows.map((row) => [row.name, row.copies]));
    };
    const afterKill = await stored();
    writeOutcomes.forEach((outcome, n) => {
      if (outcome === 'done') expect(afterKill.get(`killed-load ${n}`), `acknowledged write ${n}`).toBe(1);
    });
    expect([...afterKill.values()].every((copies) => copies === 1)).toBe(true);

    // The clients of the cut requests retry: a write only if it is not there (it may have
    // committed before the answer was lost), a sign-in from the start.
    for (const [n, outcome] of writeOutcomes.entries()) {
      if (outcome === 'cut' && !afterKill.has(`killed-load ${n}`)) expect(await write(n)).toBe('done');
    }
    for (const outcome of signInOutcomes) if (outcome === 'cut') expect(await signInOnce()).toBe('done');
    const final = await stored();
    expect(final.size).toBe(WRITES);
    expect([...final.values()].every((copies) => copies === 1)).toBe(true);

    // The live connection of the dead instance is back, on the survivor, and hears sign-ins.
    await timeUntil(async () => watching.every((socket) => socket.connected), 10_000);
    const heard = watching.map((socket) => new Promise<void>((resolve) => socket.once(REALTIME_EVENTS.userAccess, () => resolve())));
    expect(await signInOnce()).toBe('done');
    await Promise.race([Promise.all(heard), sleep(5000).then(() => Promise.reject(new Error('a live connection did not hear the sign-in')))]);
  }, 240_000);
});
