import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, disposableDatabases } from '../../../test/databases.ts';
import { prepareDatabase } from '../../bootstrap/index.ts';
import { loadConfig } from '../../config.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { systemClock } from '../clock.ts';
import { claimDueMail, MAIL_STATUS } from '../mail/outbox.ts';
import { releaseLeases } from './lease.ts';

const databases = disposableDatabases();
afterEach(() => databases.cleanup());

describe.each(DATABASE_KINDS)('leases given back by a stopping worker, on %s', (kind) => {
  it('lets another instance claim the rows at once instead of after the lease', async () => {
    const { open } = await databases.create(kind);
    const handle = await open();
    await prepareDatabase(handle, loadConfig({ PORTAL_ADMIN_PASSWORD: 'Test#Admin2026' }));
    const message = { status: MAIL_STATUS.pending, kind: 'test', language: 'vi', subject: 's', textBody: 'b' };
    await handle.db.insert(mailOutbox).values([1, 2, 3].map((i) => ({ ...message, recipient: `r${i}@example.test` })));

    const claimed = await claimDueMail(handle.db, systemClock, 10);
    expect(claimed).toHaveLength(3);
    expect(await claimDueMail(handle.db, systemClock, 10)).toHaveLength(0);
    await releaseLeases(handle.db, mailOutbox, claimed.slice(1).map((row) => row.id));
    const again = await claimDueMail(handle.db, systemClock, 10);
    expect(again.map((row) => row.id).sort()).toEqual(claimed.slice(1).map((row) => row.id).sort());
  });
});
