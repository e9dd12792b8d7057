import { smallint, timestamp, uuid } from 'drizzle-orm/pg-core';

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
