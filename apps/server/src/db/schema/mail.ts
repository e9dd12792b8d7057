import { sql } from 'drizzle-orm';
import { bigserial, customType, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, outboxDelivery, status, timestamptz, updatedAt } from './columns.ts';

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
    ...outboxDelivery(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_at_idx').on(t.createdAt),
    index('mail_outbox_recipient_idx').on(t.recipient, t.seq),
    // The outbox's list sorted by state (outbox-store.ts OUTBOX_SORT): each state's mail in time order.
    index('mail_outbox_status_created_idx').on(t.status, t.createdAt, t.id),
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

/**
 * E-mail campaigns (System → e-mail campaigns): sent at `sendAt` by the first instance whose
 * worker claims them (a lease, as the outboxes), which queues one mail per receiver.
 */
export const emailCampaigns = pgTable(
  'email_campaigns',
  {
    id: id(),
    name: text().notNull(),
    subject: text().notNull(),
    receiverType: smallint().notNull(),
    /** The typed addresses (receiver type "addresses"), comma separated. */
    receivers: text().notNull().default(''),
    unitIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    cc: text().notNull().default(''),
    bcc: text().notNull().default(''),
    content: text().notNull(),
    sendAt: timestamptz().notNull(),
    status: status(),
    queuedAt: timestamptz(),
    lockedUntil: timestamptz(),
    lastError: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('email_campaigns_due_idx').on(t.status, t.sendAt)],
);

/** The receivers a campaign was queued to, each with its mail in the outbox (one per address). */
export const emailCampaignReceivers = pgTable(
  'email_campaign_receivers',
  {
    id: id(),
    campaignId: uuid()
      .notNull()
      .references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    address: text().notNull(),
    role: text({ enum: ['to', 'cc', 'bcc'] }).notNull(),
    mailId: uuid().notNull(),
  },
  (t) => [uniqueIndex('email_campaign_receivers_address_key').on(t.campaignId, sql`lower(${t.address})`)],
);

/** Binary data (PostgreSQL bytea) as a Node.js Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Images uploaded for templates, kept with the data and served under the base path. */
export const templateImages = pgTable('template_images', {
  id: id(),
  name: text().notNull(),
  contentType: text().notNull(),
  size: integer().notNull(),
  bytes: bytea().notNull(),
  createdAt: createdAt(),
});
