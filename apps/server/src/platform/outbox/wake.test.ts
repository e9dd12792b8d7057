import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, disposableDatabases } from '../../../test/databases.ts';
import { timeUntil } from '../../faults/load.ts';
import { prepareDatabase } from '../../bootstrap/index.ts';
import { loadConfig } from '../../config.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { MAIL_STATUS } from '../mail/outbox.ts';
import { wakeOutboxesOnCommit } from './wake.ts';

const databases = disposableDatabases();
const closing: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (closing.length) await closing.pop()!();
  await databases.cleanup();
});

const message = { status: MAIL_STATUS.pending, kind: 'test', recipient: 'a@example.test', language: 'vi', subject: 's', textBody: 'b' };

describe.each(DATABASE_KINDS)('outbox wake on commit, on %s', (kind) => {
  it("wakes only that outbox's worker, only once the row's transaction commits, on every instance", async () => {
    const { open } = await databases.create(kind);
    const writer = await open();
    await prepareDatabase(writer, loadConfig({ PORTAL_ADMIN_PASSWORD: 'Test#Admin2026' }));
    // On PostgreSQL a second connection stands for another instance; PGlite is one process.
    const other = kind === 'postgres' ? await open() : writer;
    const woken: string[] = [];
    const stop = await wakeOutboxesOnCommit(other.listen, {
      mail_outbox: () => woken.push('mail'),
      provisioning_outbox: () => woken.push('provisioning'),
      sms_outbox: undefined,
    });
    closing.push(stop);

    let heardBeforeCommit = -1;
    await writer.db.transaction(async (tx) => {
      await tx.insert(mailOutbox).values([message, { ...message, recipient: 'b@example.test' }]);
      await new Promise((resolve) => setTimeout(resolve, 150));
      heardBeforeCommit = woken.length;
    });
    expect(heardBeforeCommit).toBe(0);
    await timeUntil(async () => woken.length > 0, 2000, 5);
    // One statement of two rows: one wake, of the mail worker alone.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(woken).toEqual(['mail']);
  });
});
