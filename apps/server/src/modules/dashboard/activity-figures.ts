import { and, between, eq, sql, type SQL } from 'drizzle-orm';
import type { DayActivity, Period } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { activityCounters, activityDevices } from '../../db/schema/index.ts';
import { daysBetween } from './activity-day.ts';

/**
 * Reads of the pre-aggregated counters. `unit` undefined: every unit (and platform staff);
 * a string: that unit only. Each read touches at most one row per day, metric and service.
 */
export type UnitFilter = string | undefined;

/** One unit's own counter rows, or the platform's totals (one row per day, metric and service). */
function counterScope(unit: UnitFilter): SQL {
  return unit === undefined ? eq(activityCounters.platformTotal, true) : eq(activityCounters.unitId, unit);
}

/** Sign-ins and sign-outs per day of the period, empty days as zero. */
export async function activityByDay(db: Queryable, period: Period, unit: UnitFilter): Promise<DayActivity[]> {
  const rows = await db
    .select({
      day: activityCounters.day,
      signIn: sql<number>`coalesce(sum(${activityCounters.count}) filter (where ${activityCounters.metric} = 'sign_in'), 0)`.mapWith(Number),
      signOut: sql<number>`coalesce(sum(${activityCounters.count}) filter (where ${activityCounters.metric} = 'sign_out'), 0)`.mapWith(Number),
    })
    .from(activityCounters)
    .where(
      and(
        sql`${activityCounters.metric} in ('sign_in', 'sign_out')`,
        between(activityCounters.day, period.fromDate, period.toDate),
        counterScope(unit),
      ),
    )
    .groupBy(activityCounters.day);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysBetween(period.fromDate, period.toDate).map((date) => ({
    date,
    signIn: byDay.get(date)?.signIn ?? 0,
    signOut: byDay.get(date)?.signOut ?? 0,
  }));
}

/** Distinct devices that signed in within the period. */
export async function devicesSignedIn(db: Queryable, period: Period, unit: UnitFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${activityDevices.deviceKey})`.mapWith(Number) })
    .from(activityDevices)
    .where(and(between(activityDevices.day, period.fromDate, period.toDate), unit === undefined ? undefined : eq(activityDevices.unitId, unit)));
  return row?.n ?? 0;
}

/** Sign-ins into each service's app per day: the series of the service-access report. */
export async function serviceAccessesByDay(
  db: Queryable,
  period: Period,
  unit: UnitFilter,
): Promise<{ day: string; serviceCode: string; count: number }[]> {
  return db
    .select({
      day: activityCounters.day,
      serviceCode: activityCounters.serviceCode,
      count: sql<number>`sum(${activityCounters.count})`.mapWith(Number),
    })
    .from(activityCounters)
    .where(
      and(
        eq(activityCounters.metric, 'service_access'),
        between(activityCounters.day, period.fromDate, period.toDate),
        counterScope(unit),
      ),
    )
    .groupBy(activityCounters.day, activityCounters.serviceCode)
    .orderBy(activityCounters.day, activityCounters.serviceCode);
}
