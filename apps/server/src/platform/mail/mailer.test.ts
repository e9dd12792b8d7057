import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, disposableDatabases } from '../../../test/databases.ts';
import { startSmtpCapture } from '../../../test/smtp-server.ts';
import { prepareDatabase } from '../../bootstrap/index.ts';
import { loadConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { manualClock, systemClock, type Clock } from '../clock.ts';
import { LEASE_MS } from '../outbox/queue-worker.ts';
import { createMailer, type Mailer } from './mailer.ts';
import { claimDueMail, enqueueMail, MAIL_STATUS } from './outbox.ts';
import { silentLog } from '../../../test/silent-log.ts';

// Hooks run as a stack: mailers and SMTP servers stop first, then their databases go.
const databases = disposableDatabases();
afterEach(() => databases.cleanup());
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function database(kind: (typeof DATABASE_KINDS)[number]): Promise<{ handle: DatabaseHandle; open: () => Promise<DatabaseHandle> }> {
  const { open } = await databases.create(kind);
  const handle = await open();
  await prepareDatabase(handle, loadConfig({}));
  return { handle, open };
}

function mailer(handle: DatabaseHandle, smtpUrl: string | undefined, clock: Clock = systemClock): Mailer {
  const created = createMailer({ db: handle.db, clock, smtpUrl, log: silentLog });
  cleanups.push(() => created.close());
  return created;
}

const message = { kind: 'signUpCode', to: 'user@example.com', language: 'en', params: { code: '123456', minutes: 5 } } as const;

describe.each(DATABASE_KINDS)('mail outbox on %s', (kind) => {
  it('delivers through SMTP, in the recipient language', async () => {
    const smtp = await startSmtpCapture();
    cleanups.push(smtp.close);
    const { handle } = await database(kind);
    const sender = mailer(handle, `smtp://127.0.0.1:${smtp.port}`);
    await sender.send(handle.db, message);
    await sender.send(handle.db, { ...message, language: 'vi', to: 'nguoi.dung@example.com' });
    await sender.worker!.runOnce();
    expect(smtp.received.map((m) => m.to).sort()).toEqual(['nguoi.dung@example.com', 'user@example.com']);
    expect(smtp.received.find((m) => m.to === 'user@example.com')!.raw).toContain('Subject: Verification code: 123456');
    expect(smtp.received.find((m) => m.to === 'nguoi.dung@example.com')!.subject).toBe('Mã xác thực: 123456');
    const rows = await handle.db.select().from(mailOutbox);
    expect(rows.every((row) => row.status === MAIL_STATUS.sent)).toBe(true);
  });

  it('delivers a message at once though the server’s clock is behind the database’s', async () => {
    const smtp = await startSmtpCapture();
    cleanups.push(smtp.close);
    const { handle } = await database(kind);
    // Two machines' clocks a few seconds apart; or the same clock, read in the same millisecond.
    const sender = mailer(handle, `smtp://127.0.0.1:${smtp.port}`, manualClock(new Date(Date.now() - 5000)));
    await sender.send(handle.db, message);
    await sender.worker!.runOnce();
    expect(smtp.received.map((m) => m.to)).toEqual(['user@example.com']);
  });

  it('keeps mail while the SMTP server is down and delivers it once when it is back', async () => {
    const first = await startSmtpCapture();
    const port = first.port;
    await first.close();
    const { handle } = await database(kind);
    const sender = mailer(handle, `smtp://127.0.0.1:${port}`);
    const id = await sender.send(handle.db, message);

    await sender.worker!.runOnce();
    const [waiting] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(waiting).toMatchObject({ status: MAIL_STATUS.pending, attempts: 1 });
    expect(waiting!.lastError).toBeTruthy();
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: another round leaves it alone.
    await sender.worker!.runOnce();
    expect((await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!.attempts).toBe(1);

    const back = await startSmtpCapture({ port });
    cleanups.push(back.close);
    await handle.db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.id, id));
    await sender.worker!.runOnce();
    await sender.worker!.runOnce();
    expect(back.received).toHaveLength(1);
    expect((await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]).toMatchObject({ status: MAIL_STATUS.sent, attempts: 2 });
  });

  it('holds mail in the development outbox when no SMTP server is configured', async () => {
    const { handle } = await database(kind);
    const sender = mailer(handle, undefined);
    expect(sender.delivers).toBe(false);
    await sender.send(handle.db, message);
    const [row] = await handle.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: MAIL_STATUS.held, recipient: 'user@example.com', subject: 'Verification code: 123456' });
  });
});

describe.runIf(DATABASE_KINDS.includes('postgres'))('mail outbox with several instances', () => {
  it('sends each message once when instances deliver at the same time', async () => {
    const smtp = await startSmtpCapture();
    cleanups.push(smtp.close);
    const { handle, open } = await database('postgres');
    const instances = [mailer(handle, `smtp://127.0.0.1:${smtp.port}`), mailer(await open(), `smtp://127.0.0.1:${smtp.port}`)];
    for (let i = 0; i < 30; i++) await instances[0]!.send(handle.db, { ...message, to: `user${i}@example.com` });
    await Promise.all(instances.map((instance) => instance.worker!.runOnce()));
    expect(smtp.received).toHaveLength(30);
    expect(new Set(smtp.received.map((m) => m.to)).size).toBe(30);
  });

  it('sends, once, the mail an instance took before it died, when its lease runs out', async () => {
    const smtp = await startSmtpCapture();
    cleanups.push(smtp.close);
    const { handle, open } = await database('postgres');
    const clock = manualClock();
    for (let i = 0; i < 5; i++) {
      await enqueueMail(handle.db, { kind: 'campaign', to: `held${i}@example.com`, language: 'vi', subject: `Thư ${i}`, text: 'nội dung' }, { deliver: true });
    }
    // The other instance's worker took them, and its process was killed before it sent any.
    expect(await claimDueMail(handle.db, clock, 10)).toHaveLength(5);
    const survivor = mailer(await open(), `smtp://127.0.0.1:${smtp.port}`, clock);

    await survivor.worker!.runOnce();
    expect(smtp.received).toHaveLength(0);
    clock.advance(LEASE_MS + 1000);
    await survivor.worker!.runOnce();
    await survivor.worker!.runOnce();
    expect(smtp.received.map((mail) => mail.to).toSorted()).toEqual([0, 1, 2, 3, 4].map((i) => `held${i}@example.com`));
    expect((await handle.db.select().from(mailOutbox)).every((row) => row.status === MAIL_STATUS.sent)).toBe(true);
  });
});
