import { and, count, desc, eq } from 'drizzle-orm';
import { MAIL_OUTBOX_STATUS, type MailOutboxSortField, type searchMailOutboxSchema } from '@portal/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { allOf, keywordMatch, sortedBy, type SearchPage } from '../../platform/resource/search.ts';

/**
 * By queue time, or by receiver or state with each one's mail in time order: the indexes on
 * created_at, (recipient, seq) and (status, created_at, id).
 */
export const OUTBOX_SORT = {
  createdAt: mailOutbox.createdAt,
  recipient: [mailOutbox.recipient, mailOutbox.createdAt],
  status: [mailOutbox.status, mailOutbox.createdAt],
} satisfies Record<MailOutboxSortField, unknown>;

type OutboxRow = typeof mailOutbox.$inferSelect;

/** An outbox row as the list shows it: its delivery state, never its body. */
function item(row: OutboxRow) {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    language: row.language,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** A page of the outbox, newest first unless sorted, by status and a keyword in the recipient or subject. */
export async function searchOutbox(db: Queryable, query: Pick<z.infer<typeof searchMailOutboxSchema>, 'keyword' | 'status' | 'sort'>, page: SearchPage) {
  const where = allOf(query.status === undefined ? undefined : eq(mailOutbox.status, query.status), keywordMatch([mailOutbox.recipient, mailOutbox.subject], query.keyword));
  const [total] = await db.select({ n: count() }).from(mailOutbox).where(where);
  const rows = await db.select().from(mailOutbox).where(where).orderBy(...sortedBy(query.sort, OUTBOX_SORT, mailOutbox.id, [desc(mailOutbox.createdAt)])).limit(page.limit).offset(page.offset);
  return { records: rows.map(item), totalRecord: total?.n ?? 0 };
}

/** A held mail in full (text included); undefined for one that is not held. */
export async function heldMail(db: Queryable, id: string) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, MAIL_OUTBOX_STATUS.held)));
  return row && { ...item(row), textBody: row.textBody };
}
