import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { CAMPAIGN_STATUS, MAIL_OUTBOX_STATUS, type CampaignProgress, type EmailCampaignRecord, type emailCampaignResource, type EmailCampaignSortField } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { emailCampaignReceivers, emailCampaigns, mailOutbox } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { sanitizeTemplateHtml } from '../../platform/mail/render.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { allOf, keywordMatch, outer, sortedBy, totalOver, toPageResult, type SearchPage } from '../../platform/resource/search.ts';

type Row = typeof emailCampaigns.$inferSelect;

/** How far a campaign's mails got, counted from the mail outbox (held mail waits in the development outbox). */
const progress = sql<CampaignProgress>`(select json_build_object(
    'total', count(*),
    'sent', count(*) filter (where m.status = ${MAIL_OUTBOX_STATUS.sent}),
    'failed', count(*) filter (where m.status = ${MAIL_OUTBOX_STATUS.failed}),
    'waiting', count(*) filter (where m.status not in (${MAIL_OUTBOX_STATUS.sent}, ${MAIL_OUTBOX_STATUS.failed})))
  from ${emailCampaignReceivers} r join ${mailOutbox} m on m.id = r.mail_id
  where r.campaign_id = ${outer('email_campaigns', 'id')})`;

const toRecord = (row: Row, counted: CampaignProgress): EmailCampaignRecord => ({
  id: row.id,
  name: row.name,
  subject: row.subject,
  receiverType: row.receiverType as EmailCampaignRecord['receiverType'],
  receivers: row.receivers,
  unitIds: row.unitIds,
  cc: row.cc,
  bcc: row.bcc,
  content: row.content,
  sendAt: row.sendAt.toISOString(),
  status: row.status,
  queuedAt: row.queuedAt?.toISOString() ?? null,
  progress: { total: Number(counted.total), sent: Number(counted.sent), failed: Number(counted.failed), waiting: Number(counted.waiting) },
  updatedAt: row.updatedAt.toISOString(),
});

const select = (db: Queryable, where: SQL | undefined) => db.select({ row: emailCampaigns, progress, total: totalOver }).from(emailCampaigns).where(where);

/** A send time must be ahead of the server's clock when it is set. */
function assertAhead(clock: Clock, sendAt: Date): void {
  if (sendAt.getTime() <= clock.now().getTime()) throw new AppError('request.bad_request', { errors: [{ field: 'body.sendAt', message: 'send_time_past' }] });
}

/**
 * Changes a campaign only while it is still in one of `states`: the condition is part of the
 * write, so a campaign the sender has just claimed and queued is never edited or cancelled.
 */
async function changeWhile(tx: Transaction, id: string, states: readonly number[], values: Partial<typeof emailCampaigns.$inferInsert>): Promise<void> {
  const changed = await tx
    .update(emailCampaigns)
    .set(values)
    .where(and(eq(emailCampaigns.id, id), inArray(emailCampaigns.status, [...states])))
    .returning({ id: emailCampaigns.id });
  if (changed.length === 0) throw new AppError('settings.campaign_queued');
}

type Input = Parameters<NonNullable<ResourceStore<typeof emailCampaignResource>['update']>>[2];
const stored = async (input: Input, clock: Clock) => ({
  name: input.name,
  subject: input.subject,
  receiverType: input.receiverType,
  receivers: input.receivers,
  unitIds: input.unitIds,
  cc: input.cc,
  bcc: input.bcc,
  content: await sanitizeTemplateHtml(input.content),
  // No time given: now ("send now"), which the sender's next round takes.
  sendAt: input.sendAt ? new Date(input.sendAt) : clock.now(),
});

const EDITABLE = [CAMPAIGN_STATUS.scheduled, CAMPAIGN_STATUS.cancelled];

/** Campaigns by name without case, send time or status (one a week or so: no index of their own). */
const CAMPAIGN_SORT = { name: sql`lower(${emailCampaigns.name})`, sendAt: emailCampaigns.sendAt, status: emailCampaigns.status } satisfies Record<EmailCampaignSortField, unknown>;

export const emailCampaignStore: ResourceStore<typeof emailCampaignResource> = {
  async search(db, query, page) {
    const where = allOf(query.status === undefined ? undefined : eq(emailCampaigns.status, query.status), keywordMatch([emailCampaigns.name, emailCampaigns.subject], query.keyword));
    const rows = await select(db, where).orderBy(...sortedBy(query.sort, CAMPAIGN_SORT, emailCampaigns.id, [desc(emailCampaigns.sendAt)])).limit(page.limit).offset(page.offset);
    return toPageResult(rows, ({ row, progress: counted }) => toRecord(row, counted), page, async () => (await db.select({ n: count() }).from(emailCampaigns).where(where))[0]!.n);
  },
  async find(db, id) {
    const [found] = await select(db, eq(emailCampaigns.id, id));
    return found && toRecord(found.row, found.progress);
  },
  describe: (campaign) => ({ id: campaign.id, name: campaign.name, unitId: null }),
  async create(tx, input, op) {
    const values = await stored(input, op.app.clock);
    if (input.sendAt) assertAhead(op.app.clock, values.sendAt);
    const [row] = await tx.insert(emailCampaigns).values(values).returning({ id: emailCampaigns.id });
    return { id: row!.id, name: input.name, unitId: null };
  },
  async update(tx, existing, input, op) {
    const values = await stored(input, op.app.clock);
    // A record sent back unchanged keeps its time; a new time must be ahead (rescheduling); none is now.
    if (input.sendAt && values.sendAt.getTime() !== new Date(existing.sendAt).getTime()) assertAhead(op.app.clock, values.sendAt);
    await changeWhile(tx, existing.id, EDITABLE, values);
  },
  async remove(tx, existing) {
    await tx.delete(emailCampaigns).where(eq(emailCampaigns.id, existing.id));
  },
  async setStatus(tx, existing, status, op) {
    if (status === CAMPAIGN_STATUS.scheduled) {
      await changeWhile(tx, existing.id, [CAMPAIGN_STATUS.cancelled], { status });
      assertAhead(op.app.clock, new Date(existing.sendAt));
    } else await changeWhile(tx, existing.id, [CAMPAIGN_STATUS.scheduled], { status });
  },
};

/** A page of a queued campaign's receivers, in the order their mails were queued, with what became of each mail. */
export async function campaignReceivers(db: Queryable, campaignId: string, page: SearchPage) {
  const where = eq(emailCampaignReceivers.campaignId, campaignId);
  const rows = await db
    .select({ receiver: emailCampaignReceivers, mail: { status: mailOutbox.status, sentAt: mailOutbox.sentAt, lastError: mailOutbox.lastError }, total: totalOver })
    .from(emailCampaignReceivers)
    .innerJoin(mailOutbox, eq(mailOutbox.id, emailCampaignReceivers.mailId))
    .where(where)
    .orderBy(asc(mailOutbox.seq))
    .limit(page.limit)
    .offset(page.offset);
  return toPageResult(
    rows,
    ({ receiver, mail }) => ({ address: receiver.address, role: receiver.role, status: mail.status, sentAt: mail.sentAt?.toISOString() ?? null, lastError: mail.lastError }),
    page,
    async () => (await db.select({ n: count() }).from(emailCampaignReceivers).where(where))[0]!.n,
  );
}
