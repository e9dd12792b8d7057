import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_RECEIVER, REALTIME_PATH, REALTIME_SERVICE_RESTART } from '@portal/contracts';
import { eventually } from '../../test/eventually.ts';
import { insertUnitPeople } from '../../test/unit-people.ts';
import { httpInjector, startBalancer, startInstance, startInstancePair, type Balancer, type InstancePair } from '../../test/instances.ts';
import { bearer, signIn } from '../../test/oidc-client.ts';
import { OWN_POSTGRES_AVAILABLE, OWN_REDIS_AVAILABLE } from '../../test/own-services.ts';
import { listenScimApp, type ListeningScimApp } from '../../test/scim-service.ts';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-server.ts';
import { DEMO_UNIT_ADMIN, TEST_ADMIN } from '../../test/test-app.ts';
import { DELIVERY_STATUS } from '../platform/outbox/provisioning-queue.ts';
import { MAIL_STATUS } from '../platform/mail/outbox.ts';

const TOKEN = 'rolling-scim-token';
const TENANT = 'minhphat';
/** App users ready to be added to CRM, one per provisioning change of the load. */
const USERS = 400;
/** Concurrent clients reading (authenticated API calls) all through the update. */
const READERS = 3;
/** Successful requests of each kind the load makes between two steps of the update. */
const PROGRESS = { reads: 30, changes: 6 };
/** The balancer's readiness checks, and how long a stopping instance serves on with readiness failing: many checks' worth. */
const HEALTH_CHECK_MS = 100;
const DRAIN_MS = 3000;
/** Never reached when all goes well: the waits are for conditions; this only ends a hung run. */
const HUNG_MS = 120_000;

/**
 * A rolling update of two portal processes on one PostgreSQL and Redis, behind the test
 * balancer, under steady load: authenticated reads, and changes that each queue deliveries (an
 * e-mail campaign sent now, two mails at the test SMTP server; an app user added to CRM, a SCIM
 * create at the app). Instance 1 gets SIGTERM; its replacement starts and is ready; then the
 * same for instance 2. No request fails; every delivery arrives exactly once; each stopped
 * instance exits 0 (drained within SHUTDOWN_GRACE_MS) and its live connection comes back on
 * another instance after 1012.
 *
 * The balancer (test/instances.ts) is a layer-4 one with health checks, as HAProxy's `check`
 * and redispatch: it polls each instance's /readyz every HEALTH_CHECK_MS and sends a new
 * connection to the next instance in turn among those last seen ready; a refused connection is
 * tried on an instance not tried yet (nothing was sent). A stopping instance answers /readyz
 * 503 for SHUTDOWN_DRAIN_MS while it serves on, so the checks take it out before it stops
 * listening. Each load request opens a connection of its own (the test injector's default), as
 * the balancer spreads connections, not requests. The provisioning changes are delivered in
 * bundles (the worker's), which this load's one user a change makes bundles of one or a few.
 */
describe.runIf(OWN_POSTGRES_AVAILABLE && OWN_REDIS_AVAILABLE)('a rolling update of two instances under load', () => {
  let pair: InstancePair;
  let env: Record<string, string>;
  let balancer: Balancer;
  let database: pg.Pool;
  let app: ListeningScimApp;
  let smtp: SmtpCapture;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    [app, smtp] = await Promise.all([listenScimApp(TOKEN), startSmtpCapture()]);
    const own = {
      DEMO_DATA: '1',
      INTEGRATION_SECRET_KEY: randomBytes(32).toString('base64'),
      SMTP_URL: smtp.url,
      // Serving on while readiness fails, for the balancer's checks (every HEALTH_CHECK_MS) to notice.
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    };
    pair = await startInstancePair(own);
    env = { DATABASE_URL: pair.postgres.url, REDIS_URL: pair.redis.url, ...own };
    database = pair.database;
    balancer = await startBalancer(
      pair.instances.map((instance) => instance.port),
      { healthCheckMs: HEALTH_CHECK_MS },
    );
  }, 240_000);
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await balancer?.close();
    await pair?.close();
    app?.close();
    await smtp?.close();
  });

  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await database.query<T>(text, values)).rows[0]!;

  it('fails no request, loses and doubles no delivery, and brings live connections back', async () => {
    const client = httpInjector(balancer.url) as unknown as FastifyInstance;
    const { id: crm } = await one<{ id: string }>(`select id from services where code = 'CRM'`);
    const { id: unitId } = await one<{ id: string }>(`select id from units where tenant_id = $1`, [TENANT]);
    const platform = bearer((await signIn(client, TEST_ADMIN)).access_token);
    const configured = await client.inject({
      method: 'POST',
      url: '/api/IntegrateDefault/Create',
      headers: platform,
      payload: { serviceId: crm, scimEndpoint: app.endpoint, enabled: true, credential: TOKEN },
    });
    expect(configured.statusCode, configured.body).toBe(200);
    const unitAdminSession = await signIn(client, DEMO_UNIT_ADMIN);
    const unitAdmin = bearer(unitAdminSession.access_token);
    const { id: roleId } = await one<{ id: string }>(
      `insert into app_objects (unit_id, service_id, kind, code, name) values ($1, $2, 'role', 'ROLLING', 'Cập nhật cuốn chiếu') returning id`,
      [unitId, crm],
    );
    const people = await insertUnitPeople(database, unitId, 'rolling', USERS);

    // Two live connections through the balancer (one on each instance), reconnecting as the SPA's do.
    const restarts: number[] = [];
    for (let n = 0; n < 2; n++) {
      const socket = io(balancer.url, { path: REALTIME_PATH, transports: ['websocket'], auth: { token: unitAdminSession.access_token }, reconnectionDelay: 200 });
      sockets.push(socket);
      socket.on('disconnect', (_reason, details) => {
        const code = (details as { context?: { code?: number } } | undefined)?.context?.code;
        if (code !== undefined) restarts.push(code);
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    }

    // The load: every request's outcome, and what each acknowledged change must deliver.
    const failures: string[] = [];
    const served = { reads: 0, changes: 0 };
    const campaigns: string[][] = [];
    const added: string[] = [];
    let running = true;
    const attempt = async (what: string, work: () => Promise<{ statusCode: number; body: string }>): Promise<boolean> => {
      try {
        const reply = await work();
        if (reply.statusCode === 200 && (JSON.parse(reply.body) as { success?: boolean }).success !== false) return true;
        failures.push(`${what}: ${reply.statusCode} ${reply.body.slice(0, 200)}`);
      } catch (error) {
        failures.push(`${what}: ${(error as Error).message}`);
      }
      return false;
    };
    const readers = Array.from({ length: READERS }, async () => {
      while (running) {
        const ok = await attempt('read', () => client.inject({ method: 'POST', url: '/api/Role/SearchRolePage', headers: platform, payload: { pageIndex: 1, pageSize: 5 } }));
        if (ok) served.reads++;
      }
    });
    const changer = (async () => {
      for (let n = 0; running && n < USERS; n++) {
        const addresses = [`rolling-${n}-a@example.test`, `rolling-${n}-b@example.test`];
        const campaign = {
          name: `Cuốn chiếu ${n}`,
          subject: `Rolling ${n}`,
          receiverType: CAMPAIGN_RECEIVER.addresses,
          receivers: addresses.join(', '),
          cc: '',
          bcc: '',
          content: '<p>Xin chào</p>',
          sendAt: null,
        };
        if (await attempt(`campaign ${n}`, () => client.inject({ method: 'POST', url: '/api/EmailCampaign/AddUpdate', headers: platform, payload: campaign }))) {
          campaigns.push(addresses);
        }
        const userId = people[n]!;
        if (await attempt(`app user ${n}`, () => client.inject({ method: 'POST', url: '/api/AppUser/AddUpdate', headers: unitAdmin, payload: { serviceId: crm, userId, roleId } }))) {
          added.push(userId);
        }
        served.changes++;
      }
    })();
    const progress = async (what: string) => {
      const from = { ...served };
      await eventually(
        () => ({ ...served }),
        // A failure ends the wait: it is reported below, with what it was.
        (now) => failures.length > 0 || (now.reads >= from.reads + PROGRESS.reads && now.changes >= from.changes + PROGRESS.changes),
        `the load to go on (${what})`,
        HUNG_MS,
      );
      expect(failures, what).toEqual([]);
    };

    // The update: each instance in turn stopped (SIGTERM), replaced, the replacement ready.
    await progress('before the update');
    const exitCodes: (number | null)[] = [];
    for (const slot of [0, 1] as const) {
      exitCodes.push(await pair.instances[slot].stop());
      const replacement = await startInstance(env);
      pair.instances[slot] = replacement;
      balancer.setTargets(pair.instances.map((instance) => instance.port));
      await progress(`after replacing instance ${slot + 1}`);
    }
    running = false;
    await Promise.all([...readers, changer]);

    // Everything queued is delivered: no campaign scheduled, no mail or provisioning pending.
    const outboxes = () =>
      one<{ campaigns: number; mail: number; provisioning: number }>(
        `select (select count(*)::int from email_campaigns where status = 1) campaigns,
                (select count(*)::int from mail_outbox where status = $1) mail,
                (select count(*)::int from provisioning_outbox where status = $2) provisioning`,
        [MAIL_STATUS.pending, DELIVERY_STATUS.pending],
      );
    await eventually(outboxes, (left) => left.campaigns + left.mail + left.provisioning === 0, 'every delivery done', HUNG_MS);
    await eventually(() => sockets.every((socket) => socket.connected), (all) => all, 'the live connections back', HUNG_MS);

    // Every row went out at its first attempt: rows a stopping worker had claimed but not
    // started were given back with their attempt (a lease left to lapse would also hold them two minutes).
    const retried = await one<{ mail: number; provisioning: number }>(
      `select (select count(*)::int from mail_outbox where attempts <> 1) mail, (select count(*)::int from provisioning_outbox where attempts <> 1) provisioning`,
    );
    const mailsTo = Map.groupBy(smtp.received, (mail) => mail.to.toLowerCase());
    const expectedMail = campaigns.flat();
    const creates = app.scim.received.filter((request) => request.tenant === TENANT && request.type === 'Users' && request.method === 'POST');
    const createsOf = Map.groupBy(creates, (request) => request.body?.externalId as string);
    const counts = {
      failedRequests: failures.length,
      reads: served.reads,
      campaignsAcknowledged: campaigns.length,
      appUsersAcknowledged: added.length,
      mailsExpected: expectedMail.length,
      mailsLost: expectedMail.filter((address) => !mailsTo.has(address)).length,
      mailsDoubled: [...mailsTo.values()].filter((mails) => mails.length > 1).length,
      scimCreatesLost: added.filter((userId) => !createsOf.has(userId)).length,
      scimCreatesDoubled: [...createsOf.values()].filter((requests) => requests.length > 1).length,
      rowsNotSentAtFirstAttempt: retried,
      exitCodes,
      liveConnectionsClosedWith: restarts,
    };
    console.log('rolling update of two instances:', JSON.stringify(counts));
    expect(failures).toEqual([]);
    expect(counts).toMatchObject({ mailsLost: 0, mailsDoubled: 0, scimCreatesLost: 0, scimCreatesDoubled: 0, exitCodes: [0, 0], rowsNotSentAtFirstAttempt: { mail: 0, provisioning: 0 } });
    // No mail the load did not ask for (nothing else sends mail here).
    expect(smtp.received).toHaveLength(expectedMail.length);
    // Both instances the connections were on were stopped: each was closed as a restart at least once.
    expect(restarts.length).toBeGreaterThanOrEqual(2);
    expect(restarts.every((code) => code === REALTIME_SERVICE_RESTART)).toBe(true);
  }, 600_000);
});
