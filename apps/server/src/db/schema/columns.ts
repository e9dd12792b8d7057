import { integer, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns most tables share. */
export const id = () => uuid().primaryKey().defaultRandom();
export const status = () => smallint().notNull().default(1);
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const timestamptz = () => timestamp({ withTimezone: true });

/** The delivery state of an outbox's message (mail, SMS): its attempts, backoff, lease and outcome. */
export const outboxDelivery = () => ({
  status: smallint().notNull(),
  attempts: integer().notNull().default(0),
  nextAttemptAt: timestamptz().notNull().defaultNow(),
  /** While set in the future, one worker owns the message (a lease, so a crashed worker's message is retried). */
  lockedUntil: timestamptz(),
  lastError: text(),
  sentAt: timestamptz(),
});
