import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq } from 'drizzle-orm';
import { MAIL_OUTBOX_CALLS, MAIL_OUTBOX_STATUS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { registerCall } from '../../platform/call.ts';
import { notFound } from '../../platform/errors.ts';
import { allOf, keywordMatch, pageOf } from '../../platform/resource/search.ts';

type OutboxRow = typeof mailOutbox.$inferSelect;

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

/**
 * The platform administrator's view of the outbox. Held mail (no SMTP server configured) can
 * be read in full, so a newcomer can finish sign-up and two-factor without a mail server;
 * mail that went through SMTP shows its delivery state only.
 */
export function registerMailOutboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCall(app, MAIL_OUTBOX_CALLS.search, {}, async (request) => {
    const { keyword, status } = request.body;
    const where = allOf(status === undefined ? undefined : eq(mailOutbox.status, status), keywordMatch([mailOutbox.recipient, mailOutbox.subject], keyword));
    const page = pageOf(request.body);
    const [total] = await ctx.db.select({ n: count() }).from(mailOutbox).where(where);
    const rows = await ctx.db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt)).limit(page.limit).offset(page.offset);
    return { records: rows.map(item), totalRecord: total?.n ?? 0 };
  });

  registerCall(app, MAIL_OUTBOX_CALLS.get, {}, async (request) => {
    const [row] = await ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, request.params.id), eq(mailOutbox.status, MAIL_OUTBOX_STATUS.held)));
    if (!row) throw notFound();
    return { ...item(row), textBody: row.textBody };
  });
}
