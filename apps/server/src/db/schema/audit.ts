import { sql } from 'drizzle-orm';
import { index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/**
 * The action log: who changed what, when, and whether it went through. Rows outlive the
 * users and units they name (no foreign keys), so a deletion stays on record.
 */
export const actionLogs = pgTable(
  'action_logs',
  {
    id: id(),
    objectCategory: smallint().notNull(),
    action: smallint().notNull(),
    result: smallint().notNull(),
    userId: uuid(),
    username: text().notNull(),
    /** The unit the change concerns (the object's unit, else the actor's); null for platform-wide objects. */
    unitId: uuid(),
    objectId: text(),
    objectName: text(),
    content: text(),
    ipAddress: text(),
    /** The request that made the change (x-request-id): ties the entry to the server's log lines. */
    requestId: text(),
    createdAt: createdAt(),
  },
  // Lists read newest first in (created_at, id) order straight from these (see largePage).
  (t) => [
    index('action_logs_unit_created_idx').on(t.unitId, t.createdAt, t.id),
    index('action_logs_created_idx').on(t.createdAt, t.id),
    // The module filter of the log screen.
    index('action_logs_category_created_idx').on(t.objectCategory, t.createdAt, t.id),
    // Sorted by user (action-log-store.ts LOG_SORT, same expressions), all or one unit's.
    index('action_logs_username_idx').on(sql`lower(${t.username})`, t.createdAt, t.id),
    index('action_logs_unit_username_idx').on(t.unitId, sql`lower(${t.username})`, t.createdAt, t.id),
  ],
);
