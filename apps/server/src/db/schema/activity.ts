import { sql } from 'drizzle-orm';
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
    // A unit's access log by time, the id settling equal times (device-search.ts DEVICE_SORT).
    index('user_devices_unit_id_idx').on(t.unitId, t.signedInAt, t.id),
    // The access log of every unit, newest first or sorted, and a unit's by address (same expressions).
    index('user_devices_signed_in_idx').on(t.signedInAt, t.id),
    index('user_devices_ip_idx').on(sql`coalesce(${t.ipAddress}, '')`, t.signedInAt, t.id),
    index('user_devices_unit_ip_idx').on(t.unitId, sql`coalesce(${t.ipAddress}, '')`, t.signedInAt, t.id),
  ],
);
