import { bigserial, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, status, timestamptz, updatedAt } from './columns.ts';

/** Mail waiting to leave, sent, given up on, or held in the development outbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    /** Queue order: mail to one receiver leaves in this order, whatever its retries. */
    seq: bigserial({ mode: 'number' }).notNull(),
    kind: text().notNull(),
    recipient: text().notNull(),
    cc: text(),
    bcc: text(),
    language: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    status: smallint().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamptz().notNull().defaultNow(),
    /** While set in the future, one worker owns the message (a lease, so a crashed worker's mail is retried). */
    lockedUntil: timestamptz(),
    lastError: text(),
    sentAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_at_idx').on(t.createdAt),
    index('mail_outbox_recipient_idx').on(t.recipient, t.seq),
  ],
);

/** E-mail templates: the one of a system type and language renders that mail (content is sanitised HTML). */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: id(),
    name: text().notNull(),
    systemType: text(),
    language: text({ enum: ['vi', 'en'] }).notNull(),
    subject: text().notNull(),
    content: text().notNull(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Several templates without a type may share a language; a type has one per language.
  (t) => [uniqueIndex('email_templates_type_language_key').on(t.systemType, t.language)],
);
