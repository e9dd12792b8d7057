import { sql } from 'drizzle-orm';
import { ACTIVITY } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { activityCounters, activityDevices } from '../../db/schema/index.ts';
import { activityDay } from './activity-day.ts';

export type ActivityMetric = (typeof activityCounters.$inferInsert)['metric'];

/** The counters' unique key (activity_counters_key), the conflict target of every increment. */
const COUNTER_KEY = [activityCounters.metric, activityCounters.day, activityCounters.unitId, activityCounters.serviceCode, activityCounters.platformTotal];

/**
 * Adds one to a day's counter of the unit and to the platform's total. One atomic upsert:
 * instances counting the same rows at once queue on their locks (always taken in the same
 * order: unit row first) and none of their increments is lost.
 */
export async function countActivity(
  db: Queryable,
  event: { metric: ActivityMetric; unitId: string | null; serviceCode?: string; at: Date },
): Promise<void> {
  const row = { day: activityDay(event.at), metric: event.metric, serviceCode: event.serviceCode ?? '', count: 1 };
  await db
    .insert(activityCounters)
    .values([
      { ...row, unitId: event.unitId, platformTotal: false },
      { ...row, unitId: null, platformTotal: true },
    ])
    .onConflictDoUpdate({ target: COUNTER_KEY, set: { count: sql`${activityCounters.count} + excluded.count` } });
}


/** Notes that a device signed in on a day (once per unit and day, whatever the number of sign-ins). */
export async function countDevice(db: Queryable, event: { unitId: string | null; deviceKey: string; at: Date }): Promise<void> {
  await db.insert(activityDevices).values({ day: activityDay(event.at), unitId: event.unitId, deviceKey: event.deviceKey }).onConflictDoNothing();
}

/**
 * Recomputes every counter from the raw rows (device log, service accesses): after a restore,
 * or when the counting rules change. Give it a transaction, so dashboards never see half of it.
 */
export async function rebuildActivityCounters(tx: Transaction): Promise<void> {
  const zone = ACTIVITY.timeZone;
  {
    await tx.execute(sql`delete from activity_counters`);
    await tx.execute(sql`delete from activity_devices`);
    await tx.execute(sql`
      insert into activity_counters (day, metric, unit_id, service_code, count)
      select (signed_in_at at time zone ${zone})::date, 'sign_in', unit_id, '', count(*) from user_devices group by 1, 3
      union all
      select (signed_out_at at time zone ${zone})::date, 'sign_out', unit_id, '', count(*) from user_devices where signed_out_at is not null group by 1, 3
      union all
      select (accessed_at at time zone ${zone})::date, 'service_access', unit_id, service_code, count(*) from service_accesses group by 1, 3, 4`);
    await tx.execute(sql`
      insert into activity_counters (day, metric, unit_id, service_code, count, platform_total)
      select day, metric, null, service_code, sum(count), true from activity_counters group by 1, 2, 4`);
    await tx.execute(sql`
      insert into activity_devices (day, unit_id, device_key)
      select distinct (signed_in_at at time zone ${zone})::date, unit_id, coalesce(device_key, device_name) from user_devices`);
  }
}
