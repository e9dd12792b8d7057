import { afterEach, describe, expect, it } from 'vitest';
import { CAMPAIGN_RECEIVER, CAMPAIGN_STATUS, SMS_OUTBOX_STATUS } from '@portal/contracts';
import { DATABASE_KINDS, disposableDatabases } from '../../../test/databases.ts';
import { prepareDatabase } from '../../bootstrap/index.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { emailCampaigns, mailOutbox, smsOutbox } from '../../db/schema/index.ts';
import { claimDueCampaigns } from '../../modules/system/campaign-sender.ts';
import { systemClock } from '../clock.ts';
import { claimDueMail, MAIL_STATUS } from '../mail/outbox.ts';
import { claimDueSms } from '../sms/outbox.ts';
import { leaseRelease, type LeasedTable } from './lease.ts';

const databases = disposableDatabases();
afterEach(() => databases.cleanup());

/** Each leased queue a worker stops with rows claimed: how its rows are queued and claimed. */
const queues: { name: string; table: LeasedTable; add(db: Database): Promise<unknown>; claim(db: Database): Promise<{ id: string; attempts?: number }[]> }[] = [
  {
    name: 'mail outbox',
    table: mailOutbox,
    add: (db) => db.insert(mailOutbox).values([1, 2, 3].map((i) => ({ status: MAIL_STATUS.pending, kind: 'test', language: 'vi', subject: 's', textBody: 'b', recipient: `r${i}@example.test` }))),
    claim: (db) => claimDueMail(db, systemClock, 10),
  },
  {
    name: 'SMS outbox',
    table: smsOutbox,
    add: (db) => db.insert(smsOutbox).values([1, 2, 3].map((i) => ({ status: SMS_OUTBOX_STATUS.pending, kind: 'test', phone: `090200000${i}`, body: 'b', encoding: 'GSM7' as const, segments: 1 }))),
    claim: (db) => claimDueSms(db, systemClock, 10),
  },
  {
    name: 'e-mail campaigns',
    table: emailCampaigns,
    add: (db) =>
      db.insert(emailCampaigns).values(
        [1, 2, 3].map((i) => ({
          name: `c${i}`,
          subject: 's',
          content: 'b',
          receiverType: CAMPAIGN_RECEIVER.addresses,
          receivers: `r${i}@example.test`,
          sendAt: new Date(Date.now() - 60_000),
          status: CAMPAIGN_STATUS.scheduled,
        })),
      ),
    claim: (db) => claimDueCampaigns(db, systemClock, 10),
  },
];

describe.each(DATABASE_KINDS)('leases given back by a stopping worker, on %s', (kind) => {
  it.each(queues)('lets another instance claim the rows of the $name at once, their attempt not spent', async (queue) => {
    const { open } = await databases.create(kind);
    const handle = await open();
    await prepareDatabase(handle, loadConfig({ PORTAL_ADMIN_PASSWORD: 'Test#Admin2026' }));
    await queue.add(handle.db);

    const claimed = await queue.claim(handle.db);
    expect(claimed).toHaveLength(3);
    expect(await queue.claim(handle.db)).toHaveLength(0);
    // The first row was delivered (its lease stays until it is marked); the two others go back.
    await leaseRelease(handle.db, queue.table)(claimed.slice(1));
    const again = await queue.claim(handle.db);
    expect(again.map((row) => row.id).sort()).toEqual(claimed.slice(1).map((row) => row.id).sort());
    // Claimed twice, tried never: the second claim counts the first attempt, as the first did.
    for (const row of again) if (row.attempts !== undefined) expect(row.attempts).toBe(1);
  });
});
