import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.ts';
import { insertUnitPeople } from '../../test/unit-people.ts';
import { httpInjector, startInstancePair, type Instance, type InstancePair } from '../../test/instances.ts';
import { bearer, signIn } from '../../test/oidc-client.ts';
import { OWN_POSTGRES_AVAILABLE, OWN_REDIS_AVAILABLE } from '../../test/own-services.ts';
import { listenScimApp, type ListeningScimApp } from '../../test/scim-service.ts';
import { DEMO_UNIT_ADMIN, TEST_ADMIN } from '../../test/test-app.ts';
import { DELIVERY_STATUS } from '../platform/outbox/provisioning-queue.ts';
import { sleep } from './load.ts';

const TOKEN = 'fault-scim-token';
const TENANT = 'minhphat';
/** App users changed, each through STEPS roles in turn (the first step adds them to the service). */
const USERS = 24;
const STEPS = 5;
/** The app takes this long over every request, so that deliveries lag behind the changes and are in flight when the kill comes. */
const APP_LATENCY_MS = 40;
/** The kill comes once this many changes are made. */
const KILL_AFTER_CHANGES = Math.round((USERS * STEPS) / 2);

const roleCode = (step: number) => `STEP_${step}`;
const stepOf = (code: unknown) => Number(String(code).slice('STEP_'.length));

/**
 * Two portal processes on one PostgreSQL deliver the provisioning queue to a SCIM app on a
 * real port. Unit administrators change many app users through both instances (each user is
 * added to CRM, then moved through roles STEP_0 … STEP_4, one change after the other); one
 * instance is SIGKILLed while deliveries are in flight. The app must end holding exactly the
 * portal's state: each user once (no duplicate create), with the last role (nothing lost), and
 * it must never have seen a user's roles go backwards (in order per object).
 */
describe.runIf(OWN_POSTGRES_AVAILABLE && OWN_REDIS_AVAILABLE)('the provisioning queue with one of two instances killed', () => {
  let pair: InstancePair;
  let instances: Instance[];
  let database: pg.Pool;
  let app: ListeningScimApp;

  beforeAll(async () => {
    [pair, app] = await Promise.all([startInstancePair({ DEMO_DATA: '1', INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64') }), listenScimApp(TOKEN)]);
    ({ instances, database } = pair);
  }, 240_000);
  afterAll(async () => {
    await pair?.close();
    app?.close();
  });

  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await database.query<T>(text, values)).rows[0]!;

  it('ends with the app holding exactly the portal’s state: no change lost, none applied twice, none out of order', async () => {
    const clients = instances.map((instance) => httpInjector(instance.url) as unknown as FastifyInstance);
    const { id: crm } = await one<{ id: string }>(`select id from services where code = 'CRM'`);
    const { id: unitId } = await one<{ id: string }>(`select id from units where tenant_id = $1`, [TENANT]);

    // The platform points CRM at the app; the unit's administrator makes the changes, through either instance.
    const platform = await signIn(clients[0]!, TEST_ADMIN);
    const configured = await clients[0]!.inject({
      method: 'POST',
      url: '/api/IntegrateDefault/Create',
      headers: bearer(platform.access_token),
      payload: { serviceId: crm, scimEndpoint: app.endpoint, enabled: true, credential: TOKEN },
    });
    expect(configured.statusCode, configured.body).toBe(200);
    const admin = bearer((await signIn(clients[0]!, DEMO_UNIT_ADMIN)).access_token);

    // The roles to move through and the people to move, made directly (what is measured is their delivery).
    const roles = (
      await database.query<{ id: string }>(
        `insert into app_objects (unit_id, service_id, kind, code, name)
         select $1, $2, 'role', 'STEP_' || i, 'Bước ' || i from generate_series(0, ${STEPS - 1}) i returning id`,
        [unitId, crm],
      )
    ).rows.map((row) => row.id);
    const people = await insertUnitPeople(database, unitId, 'fault', USERS);

    app.scim.setLatency(APP_LATENCY_MS);
    let killed = false;
    const tally = { committed: 0, acknowledged: 0, cut: 0 };
    /** The app user of `userId` in CRM and its role, once an add committed. */
    const appUserOf = async (userId: string) =>
      (await database.query<{ id: string; role_id: string }>(`select id, role_id from app_users where user_id = $1 and service_id = $2`, [userId, crm])).rows[0];
    const replies: Promise<unknown>[] = [];

    /**
     * One change, through the instance whose turn it is while both live. The next change of the
     * user follows as soon as this one is in the database, without waiting for the reply (which
     * waits for the app's first answer): changes of one user pile up in the queue while the
     * app is busy, and their order is the order they were made. One cut before it committed is
     * made again on the survivor.
     */
    async function change(turn: number, userId: string, step: number): Promise<void> {
      for (let attempt = 0; ; attempt++) {
        const existing = await appUserOf(userId);
        const client = clients[killed || attempt > 0 ? 0 : turn % 2]!;
        let outcome: 'acknowledged' | 'cut' | string | undefined;
        const reply = client
          .inject({ method: 'POST', url: '/api/AppUser/AddUpdate', headers: admin, payload: { id: existing?.id, serviceId: crm, userId, roleId: roles[step] } })
          .then(
            (answer) => {
              outcome = answer.statusCode === 200 ? 'acknowledged' : `${answer.statusCode} ${answer.body}`;
              if (answer.statusCode === 200) tally.acknowledged++;
            },
            () => {
              outcome = 'cut';
              tally.cut++;
            },
          );
        replies.push(reply);
        for (;;) {
          if ((await appUserOf(userId))?.role_id === roles[step]) {
            tally.committed++;
            return;
          }
          // A 503 is the portal saying "not done, try again" (its database was out of reach while
          // an instance died): the client does as told, as it does when the reply was cut.
          if (outcome === 'cut' || outcome?.startsWith('503 ')) break;
          if (outcome !== undefined) throw new Error(`step ${step} of ${userId} answered ${outcome} but is not in the database`);
          await sleep(50);
        }
        if (attempt >= 3) throw new Error(`step ${step} of ${userId} cut ${attempt + 1} times`);
      }
    }

    const streams = people.map(async (userId, n) => {
      for (let step = 0; step < STEPS; step++) await change(n + step, userId, step);
    });
    await eventually(() => tally.committed, (committed) => committed >= KILL_AFTER_CHANGES, 'half the changes', 30_000);
    await instances[1]!.kill();
    killed = true;
    const { leased } = await one<{ leased: number }>(`select count(*)::int leased from provisioning_outbox where status = $1 and locked_until > now()`, [DELIVERY_STATUS.pending]);
    // What the dead instance held stays leased for two minutes. Its requests ended long before
    // that (the SCIM client gives up after 10 s): once they have landed at the app, the lease is
    // ended here instead of waited for. The survivor delivers one batch at a time, so ending
    // the lease of a row it holds itself changes nothing.
    await sleep(APP_LATENCY_MS * 20);
    await database.query(`update provisioning_outbox set locked_until = now() - interval '1 second' where status = $1 and locked_until > now()`, [DELIVERY_STATUS.pending]);
    await Promise.all(streams);
    await Promise.all(replies);

    const outbox = await eventually(
      async () => (await database.query<{ status: number; n: number }>(`select status, count(*)::int n from provisioning_outbox group by status`)).rows,
      (rows) => !rows.some((row) => row.status === DELIVERY_STATUS.pending),
      'every delivery done',
      20_000,
    );
    // Nothing is pending any more, so no round of any worker has anything left to send: what
    // the app has received stays as it is (checked at the end, with no wait to prove it).
    const settled = app.scim.received.length;

    // The portal's state against the app's.
    const portal = (
      await database.query<{ user_id: string; role: string }>(
        `select au.user_id, r.code role from app_users au join app_objects r on r.id = au.role_id where au.user_id = any($1)`,
        [people],
      )
    ).rows;
    const held = app.scim.resources(TENANT, 'Users');
    const copies = (userId: string) => held.filter((user) => user.externalId === userId);
    const lost = portal.filter(({ user_id, role }) => {
      const [user] = copies(user_id) as { active?: boolean; roles?: { value: string }[] }[];
      return user?.active !== true || user.roles?.[0]?.value !== role;
    });
    const externalIdOf = new Map(held.map((user) => [user.id, user.externalId]));
    const writes = app.scim.received.filter((request) => request.tenant === TENANT && request.type === 'Users');
    const creates = writes.filter((request) => request.method === 'POST');
    const byUser = Map.groupBy(writes, (request) => (request.body?.externalId as string | undefined) ?? externalIdOf.get(request.id ?? ''));
    const seen = [...byUser.values()].map((requests) => requests.map((request) => stepOf((request.body?.roles as { value: string }[] | undefined)?.[0]?.value)));
    const backwards = seen.filter((steps) => steps.some((step, i) => i > 0 && step < steps[i - 1]!));
    // One user's deliveries one after the other: the next reaches the app only once the previous was answered.
    const overlapping = [...byUser.values()].filter((requests) => requests.some((request, i) => i > 0 && request.arrivedAt < (requests[i - 1]!.answeredAt ?? Infinity)));
    const counts = {
      changes: USERS * STEPS,
      repliesAcknowledged: tally.acknowledged,
      requestsCut: tally.cut,
      leasedWhenKilled: leased,
      outbox: Object.fromEntries(outbox.map((row) => [row.status === DELIVERY_STATUS.delivered ? 'delivered' : 'failed', row.n])),
      writesReceivedByApp: writes.length,
      sameStateSentAgain: seen.reduce((sum, steps) => sum + steps.filter((step, i) => i > 0 && step === steps[i - 1]).length, 0),
      creates: creates.length,
      duplicateCreates: creates.length - new Set(creates.map((request) => request.body?.externalId)).size,
      usersHeldTwice: people.filter((userId) => copies(userId).length > 1).length,
      lost: lost.length,
      outOfOrder: backwards.length,
      usersDeliveredConcurrently: overlapping.length,
    };
    console.log('provisioning with one of two instances SIGKILLed:', JSON.stringify(counts));

    // Every change is in the database; those cut after committing lack only their reply.
    expect(tally.committed).toBe(USERS * STEPS);
    expect(leased).toBeGreaterThan(0);
    expect(outbox.find((row) => row.status === DELIVERY_STATUS.failed)).toBeUndefined();
    expect(portal).toHaveLength(USERS);
    expect(portal.every(({ role }) => role === roleCode(STEPS - 1))).toBe(true);
    expect(counts).toMatchObject({ creates: USERS, duplicateCreates: 0, usersHeldTwice: 0, lost: 0, outOfOrder: 0, usersDeliveredConcurrently: 0 });
    expect(app.scim.received.length).toBe(settled);
  }, 120_000);
});
