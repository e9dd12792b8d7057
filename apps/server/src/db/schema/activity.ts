import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns.ts';
import { units } from './units.ts';
import { users } from './users.ts';

/** One row per sign-in: the device log, and what "new device" means for two-factor. */
export const userDevices = pgTable(
  'user_devices',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unitId: uuid().references(() => units.id, { onDelete: 'cascade' }),
    deviceKey: text(),
    deviceName: text().notNull(),
    ipAddress: text(),
    browser: text(),
    signedInAt: timestamptz().notNull().defaultNow(),
    signedOutAt: timestamptz(),
  },
  (t) => [
    index('user_devices_user_id_idx').on(t.userId, t.signedInAt),
    index('user_devices_unit_id_idx').on(t.unitId, t.signedInAt),
  ],
);
