import { z } from 'zod';
import { pageRequestSchema, sortSchema } from './common.ts';

export const MAIL_OUTBOX_STATUS = { pending: 0, sent: 1, failed: 2, held: 3 } as const;

/** A message of the outbox as the platform administrator's screen lists it. */
export const mailOutboxItemSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  language: z.string(),
  status: z.number().int(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailOutboxItem = z.infer<typeof mailOutboxItemSchema>;

/** A held message with its text: the development outbox is where such mail is read. */
export const mailOutboxMessageSchema = mailOutboxItemSchema.extend({ textBody: z.string() });
export type MailOutboxMessage = z.infer<typeof mailOutboxMessageSchema>;

/** The columns the mail outbox sorts by: when a message was queued, to whom, its state. */
export const MAIL_OUTBOX_SORT_FIELDS = ['createdAt', 'recipient', 'status'] as const;
export type MailOutboxSortField = (typeof MAIL_OUTBOX_SORT_FIELDS)[number];

export const searchMailOutboxSchema = pageRequestSchema.extend({
  status: z.number().int().optional(),
  sort: sortSchema(MAIL_OUTBOX_SORT_FIELDS),
});
export type SearchMailOutbox = z.input<typeof searchMailOutboxSchema>;
