import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { units } from './units.ts';
import { users } from './users.ts';

/**
 * Pre-aggregated activity: one row per day, unit, metric and service, incremented as events
 * arrive (`INSERT … ON CONFLICT DO UPDATE count = count + 1`, so several instances agree).
 * Dashboards and reports read these rows, never the raw sign-in rows; the raw rows (device
 * log, service accesses) stay the source the counters can be rebuilt from.
 *
 * Each event also counts into a platform-total row (`platformTotal`, unit null) in the same
 * statement, so the platform's figures over a year read one row per day instead of summing
 * every unit's (a year of a thousand units is 730,000 rows to add up otherwise).
 */
export const activityCounters = pgTable(
  'activity_counters',
  {
    day: date({ mode: 'string' }).notNull(),
    metric: text({ enum: ['sign_in', 'sign_out', 'service_access'] }).notNull(),
    /** Null: platform staff (no unit). */
    unitId: uuid().references(() => units.id, { onDelete: 'cascade' }),
    /** The service of a service access; '' for the portal's own sign-ins and sign-outs. */
    serviceCode: text().notNull().default(''),
    count: bigint({ mode: 'number' }).notNull(),
    /** True: the sum over every unit and platform staff (unit null); false: one unit's own row. */
    platformTotal: boolean().notNull().default(false),
  },
  (t) => [
    unique('activity_counters_key').on(t.metric, t.day, t.unitId, t.serviceCode, t.platformTotal).nullsNotDistinct(),
    index('activity_counters_unit_idx').on(t.unitId, t.metric, t.day),
    index('activity_counters_total_idx').on(t.metric, t.day, t.serviceCode).where(sql`${t.platformTotal}`),
  ],
);

/** The distinct devices seen each day in each unit: "devices signed in" over a period. */
export const activityDevices = pgTable(
  'activity_devices',
  {
    day: date({ mode: 'string' }).notNull(),
    unitId: uuid().references(() => units.id, { onDelete: 'cascade' }),
    deviceKey: text().notNull(),
  },
  (t) => [unique('activity_devices_key').on(t.unitId, t.day, t.deviceKey).nullsNotDistinct()],
);

/** One row per sign-in into a service app through the portal (the raw side of the report). */
export const serviceAccesses = pgTable(
  'service_accesses',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unitId: uuid().references(() => units.id, { onDelete: 'cascade' }),
    serviceCode: text().notNull(),
    accessedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('service_accesses_unit_idx').on(t.unitId, t.accessedAt)],
);
