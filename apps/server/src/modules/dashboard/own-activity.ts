import { and, eq, gte, lt, or } from 'drizzle-orm';
import type { DayActivity, Period } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { userDevices } from '../../db/schema/index.ts';
import { activityDay, daysBetween, endOfDay, startOfDay } from './activity-day.ts';

/**
 * One user's own sign-ins and sign-outs per day of the period, and the devices they signed in
 * from: what a unit's user who does not administer it sees on the dashboard, instead of the
 * unit's figures. Read from their device-log rows (one per sign-in, by the (user, time) index):
 * a person's own rows over at most a year are few, so no counter is kept for them.
 */
export async function ownActivity(db: Queryable, period: Period, userId: string): Promise<{ days: DayActivity[]; devices: number }> {
  const from = startOfDay(period.fromDate);
  const to = endOfDay(period.toDate);
  const rows = await db
    .select({ signedInAt: userDevices.signedInAt, signedOutAt: userDevices.signedOutAt, deviceKey: userDevices.deviceKey })
    .from(userDevices)
    .where(
      and(
        eq(userDevices.userId, userId),
        or(and(gte(userDevices.signedInAt, from), lt(userDevices.signedInAt, to)), and(gte(userDevices.signedOutAt, from), lt(userDevices.signedOutAt, to))),
      ),
    );
  const byDay = new Map(daysBetween(period.fromDate, period.toDate).map((date) => [date, { date, signIn: 0, signOut: 0 }]));
  const devices = new Set<string>();
  for (const row of rows) {
    const signIn = byDay.get(activityDay(row.signedInAt));
    if (signIn) {
      signIn.signIn += 1;
      if (row.deviceKey) devices.add(row.deviceKey);
    }
    const signOut = row.signedOutAt && byDay.get(activityDay(row.signedOutAt));
    if (signOut) signOut.signOut += 1;
  }
  return { days: [...byDay.values()], devices: devices.size };
}
