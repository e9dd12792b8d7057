import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_OUTBOX_STATUS } from '@portal/contracts';
import { eventually } from '../../test/eventually.ts';
import { httpInjector, startInstancePair, type Instance, type InstancePair } from '../../test/instances.ts';
import { bearer, signIn } from '../../test/oidc-client.ts';
import { OWN_POSTGRES_AVAILABLE, OWN_REDIS_AVAILABLE } from '../../test/own-services.ts';
import { startSmsGateway, type SmsGateway } from '../../test/sms-gateway.ts';
import { TEST_ADMIN } from '../../test/test-app.ts';

/** Queued before the kill, half through each instance. */
const BEFORE_KILL = 10;
/** Queued through the survivor after the kill. */
const AFTER_KILL = 2;

type Row = { id: string; phone: string; status: number; attempts: number; locked_until: Date | null };

/**
 * Two portal processes on one PostgreSQL share the SMS outbox. Messages are queued through both
 * while the gateway is down, so both instances' workers try them and put them back for a retry;
 * one instance is then killed with SIGKILL and the gateway comes back. The survivor delivers every
 * message, those queued through the dead instance too, and each exactly once at the gateway.
 */
describe.runIf(OWN_POSTGRES_AVAILABLE && OWN_REDIS_AVAILABLE)('the SMS outbox with one of two instances killed', () => {
  let gateway: SmsGateway;
  let pair: InstancePair;
  let instances: Instance[];
  let database: pg.Pool;

  beforeAll(async () => {
    gateway = await startSmsGateway();
    pair = await startInstancePair({ SMS_GATEWAY_URL: gateway.url });
    ({ instances, database } = pair);
  }, 240_000);
  afterAll(async () => {
    await pair?.close();
    await gateway?.close();
  });

  const outbox = async () => (await database.query<Row>('select id, phone, status, attempts, locked_until from sms_outbox order by seq')).rows;

  it('delivers every SMS queued on either instance exactly once through the survivor: none lost, none doubled', async () => {
    const clients = instances.map((instance) => httpInjector(instance.url) as unknown as FastifyInstance);
    const admin = await signIn(clients[0]!, TEST_ADMIN);
    const post = async (client: FastifyInstance, url: string, payload: object) => {
      const reply = await client.inject({ method: 'POST', url, headers: bearer(admin.access_token), payload });
      const body = reply.json() as { success: boolean; data: { id: string } };
      expect(body, reply.body).toMatchObject({ success: true });
      return body.data;
    };
    const { id } = await post(clients[0]!, '/api/TemplateSms/AddUpdate', {
      name: 'Mã xác thực',
      content: 'Ma xac thuc cua ban la {{code}}, hieu luc {{minutes}} phut.',
      type: 'CUSTOMER_CARE',
      systemType: 'verificationCode',
    });
    const phone = (n: number) => `09020000${String(n).padStart(2, '0')}`;
    // The token one instance issued is honoured by the other: half the messages are queued through each.
    for (let n = 0; n < BEFORE_KILL; n++) await post(clients[n % 2]!, '/api/TemplateSms/SendTest', { id, phone: phone(n) });

    // The gateway is down: every message is tried once and put back for a retry (its lease released).
    await eventually(outbox, (rows) => rows.length === BEFORE_KILL && rows.every((row) => row.attempts >= 1 && row.locked_until === null), 'first attempts');
    expect(gateway.accepted).toEqual([]);

    await instances[1]!.kill();
    for (let n = BEFORE_KILL; n < BEFORE_KILL + AFTER_KILL; n++) await post(clients[0]!, '/api/TemplateSms/SendTest', { id, phone: phone(n) });
    gateway.setUp(true);

    const sent = (found: Row[], count: number) => found.length === count && found.every((row) => row.status === SMS_OUTBOX_STATUS.sent);
    await eventually(
      outbox,
      (found) => sent(found, BEFORE_KILL + AFTER_KILL),
      'delivery by the survivor',
      // A message the dead instance had just claimed waits for its lease (two minutes) to run out.
      200_000,
    );
    // One more message through the survivor: once it is delivered, its worker has gone round
    // again after every other was sent, and sent none of them again.
    const total = BEFORE_KILL + AFTER_KILL + 1;
    await post(clients[0]!, '/api/TemplateSms/SendTest', { id, phone: phone(total - 1) });
    const rows = await eventually(outbox, (found) => sent(found, total), 'the last message');
    expect(gateway.accepted).toHaveLength(total);
    expect(new Set(gateway.accepted.map((message) => message.id)).size).toBe(total);
    expect(gateway.accepted.map((message) => message.id).toSorted()).toEqual(rows.map((row) => row.id).toSorted());
    expect(gateway.accepted.map((message) => message.to).toSorted()).toEqual(Array.from({ length: total }, (_, n) => phone(n)).toSorted());
    expect(gateway.accepted.every((message) => message.idempotencyKey === message.id)).toBe(true);
    expect(gateway.refused()).toBeGreaterThanOrEqual(BEFORE_KILL);
  }, 300_000);
});
