import { bigserial, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, outboxDelivery, status, updatedAt } from './columns.ts';

/** SMS templates (System → SMS templates): the one of a system type renders that message. */
export const smsTemplates = pgTable(
  'sms_templates',
  {
    id: id(),
    name: text().notNull(),
    content: text().notNull(),
    type: text({ enum: ['CUSTOMER_CARE', 'ADVERTISING'] }).notNull(),
    systemType: text(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sms_templates_system_type_key').on(t.systemType)],
);

/** SMS waiting to leave through the gateway, sent, given up on, or held in the development outbox. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    seq: bigserial({ mode: 'number' }).notNull(),
    kind: text().notNull(),
    phone: text().notNull(),
    body: text().notNull(),
    encoding: text({ enum: ['GSM7', 'UCS2'] }).notNull(),
    segments: integer().notNull(),
    ...outboxDelivery(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_due_idx').on(t.status, t.nextAttemptAt), index('sms_outbox_created_at_idx').on(t.createdAt)],
);
