import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, disposableDatabases } from '../../../test/databases.ts';
import { eventually } from '../../../test/eventually.ts';
import { prepareDatabase } from '../../bootstrap/index.ts';
import { loadConfig } from '../../config.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { MAIL_STATUS } from '../mail/outbox.ts';
import { OUTBOX_WAKE_CHANNEL, wakeOutboxesOnCommit } from './wake.ts';

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
      // Not an outbox: a notification the test sends to know that what came before it was heard.
      marker: () => woken.push('marker'),
    });
    closing.push(stop);
    const wakes = () => woken.filter((name) => name !== 'marker');
    const markers = () => woken.filter((name) => name === 'marker').length;
    /** Notifies a marker outside any open transaction and waits for it: a listener hears notifications in commit order. */
    const heardSoFar = async () => {
      const before = markers();
      await writer.db.execute(sql`select pg_notify(${OUTBOX_WAKE_CHANNEL}, 'marker')`);
      await eventually(markers, (n) => n > before, 'the marker');
    };

    let heardBeforeCommit: string[] = [];
    await writer.db.transaction(async (tx) => {
      await tx.insert(mailOutbox).values([message, { ...message, recipient: 'b@example.test' }]);
      // A wake sent at the insert would be heard by now: on PostgreSQL before a marker committed
      // meanwhile on another connection; PGlite (one connection, busy with this transaction)
      // hands a statement's notifications to its listeners before the next statement answers.
      if (kind === 'postgres') await heardSoFar();
      else await tx.execute(sql`select 1`);
      heardBeforeCommit = wakes();
    });
    expect(heardBeforeCommit).toEqual([]);
    await eventually(wakes, (heard) => heard.length > 0, 'the wake of the commit');
    // One statement of two rows: one wake, of the mail worker alone (a second would come before the marker).
    await heardSoFar();
    expect(wakes()).toEqual(['mail']);
  });
});
