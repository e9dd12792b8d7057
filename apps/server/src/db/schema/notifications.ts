import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns.ts';
import { users } from './users.ts';

/** Notifications service apps pushed to users (PullMessage), newest read first. */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceCode: text().notNull(),
    title: text().notNull(),
    content: text().notNull(),
    interactionId: text(),
    createdAt: createdAt(),
    /** When the user read it in the header's list; null while it counts in the bell's badge. */
    readAt: timestamptz(),
  },
  (t) => [index('user_notifications_user_idx').on(t.userId, t.createdAt)],
);
