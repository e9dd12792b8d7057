import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_OUTBOX_STATUS } from '@portal/contracts';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { startSmsGateway, type SmsGateway } from '../../../test/sms-gateway.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { smsOutbox } from '../../db/schema/index.ts';
import { manualClock } from '../../platform/clock.ts';

type Outbox = { records: { id: string; phone: string; body: string; encoding: string; segments: number; status: number; attempts: number; lastError: string | null }[] };

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const template = (overrides: Record<string, unknown> = {}) => ({
  name: 'Mã xác thực',
  content: 'Ma xac thuc cua ban la {{code}}, hieu luc {{minutes}} phut.',
  type: 'CUSTOMER_CARE',
  systemType: 'verificationCode',
  ...overrides,
});

describe.each(DATABASE_KINDS)('SMS templates and the SMS outbox on %s', (kind) => {
  describe('without a gateway', () => {
    let t: TestApp;
    let platform: Api;
    beforeAll(async () => {
      t = await startTestApp(kind);
      platform = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
    });
    afterAll(() => t.close());

    it('keeps templates with their type, refusing unknown variables and over-long text by field', async () => {
      const { id } = await platform.data(platform.post('/api/TemplateSms/AddUpdate', template()));
      const record = await platform.data(platform.get(`/api/TemplateSms/GetById/${id}`));
      expect(record).toMatchObject(template());
      await platform.data(platform.post('/api/TemplateSms/AddUpdate', record));
      const unknown = await platform.post('/api/TemplateSms/AddUpdate', template({ systemType: 'newPassword', content: 'Code {{code}}' }));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual([{ field: 'body.content', message: 'template_variable_unknown' }]);
      const long = await platform.post('/api/TemplateSms/AddUpdate', template({ systemType: null, content: 'Đ'.repeat(67 * 6 + 1) }));
      expect(long.json().errors).toEqual([{ field: 'body.content', message: 'sms_too_long' }]);
      const second = await platform.post('/api/TemplateSms/AddUpdate', template({ name: 'Another' }));
      expect(second.json()).toMatchObject({ success: false, errorCode: 3105 });
    });

    it('holds a message in the development outbox, readable in full, with its segments counted; a bad number is refused and nothing written', async () => {
      const { id } = await platform.data(platform.post('/api/TemplateSms/AddUpdate', template({ name: 'Mật khẩu mới', systemType: 'newPassword', content: 'Tài khoản {{username}} có mật khẩu mới: {{password}}' })));
      const before = await t.database.db.$count(smsOutbox);
      const bad = await platform.post('/api/TemplateSms/SendTest', { id, phone: '09x12' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ field: 'body.phone', message: 'phone_invalid' }]);
      expect(await t.database.db.$count(smsOutbox)).toBe(before);

      await platform.data(platform.post('/api/TemplateSms/SendTest', { id, phone: '+84901234567' }));
      const outbox = await platform.data<Outbox>(platform.post('/api/TemplateSms/SearchOutbox', { pageIndex: 1, pageSize: 5 }));
      expect(outbox.records[0]).toMatchObject({
        phone: '+84901234567',
        body: 'Tài khoản nguyen.van.an có mật khẩu mới: Mau#Pass2026',
        encoding: 'UCS2',
        segments: 1,
        status: SMS_OUTBOX_STATUS.held,
      });
    });
  });

  describe('through an HTTP gateway that goes down and comes back', () => {
    const clock = manualClock();
    let gateway: SmsGateway;
    let t: TestApp;
    let platform: Api;
    beforeAll(async () => {
      gateway = await startSmsGateway();
      t = await startTestApp(kind, { SMS_GATEWAY_URL: gateway.url }, { clock });
      platform = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
    });
    afterAll(async () => {
      await t.close();
      await gateway.close();
    });

    it('retries while the gateway is down, then delivers each message once, in whichever instance', async () => {
      const other = kind === 'postgres' ? await t.anotherInstance() : undefined;
      try {
        const { id } = await platform.data(platform.post('/api/TemplateSms/AddUpdate', template()));
        const phones = ['0901000001', '0901000002', '0901000003'];
        for (const phone of phones) await platform.data(platform.post('/api/TemplateSms/SendTest', { id, phone }));
        // Queued at the database's now; the server's clock (held still by the test) moves past it.
        clock.set(new Date(Date.now() + 60_000));
        const outbox = () => platform.data<Outbox>(platform.post('/api/TemplateSms/SearchOutbox', { pageIndex: 1, pageSize: 10 }));
        // Down: each message is tried, fails with the gateway's answer, and waits for its retry.
        const failed = await until(outbox, (o) => o.records.length === 3 && o.records.every((r) => r.attempts >= 1 && r.lastError !== null), 'first attempts');
        expect(failed.records.every((r) => r.status === SMS_OUTBOX_STATUS.pending && r.lastError!.includes('503'))).toBe(true);
        expect(gateway.accepted).toEqual([]);

        gateway.setUp(true);
        clock.advance(5 * 60_000);
        const sent = await until(outbox, (o) => o.records.every((r) => r.status === SMS_OUTBOX_STATUS.sent), 'delivery after the outage');
        expect(sent.records.map((r) => r.segments)).toEqual([1, 1, 1]);
        // A later round of every worker sends nothing again.
        clock.advance(5 * 60_000);
        for (const app of [t.app, ...(other ? [other.app] : [])]) expect(await app.portal.sms.worker!.runOnce()).toBe(0);
        expect(gateway.accepted.map((m) => m.to).sort()).toEqual(phones);
        expect(gateway.accepted.every((m) => m.idempotencyKey === m.id && m.text === 'Ma xac thuc cua ban la 123456, hieu luc 10 phut.')).toBe(true);
        expect(gateway.refused()).toBeGreaterThanOrEqual(3);
      } finally {
        await other?.close();
      }
    });
  });
});
