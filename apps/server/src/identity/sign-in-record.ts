import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { activityCounters, activityDevices, userDevices, users } from '../db/schema/index.ts';
import { activityDay } from '../modules/dashboard/activity-day.ts';
import type { Realtime } from '../modules/realtime/realtime.ts';
import { describeUserAgent } from '../platform/user-agent.ts';

/**
 * Writes the device-log row of a successful sign-in (device, IP, browser, time, user, unit)
 * with the dashboard's counters, and tells the live dashboards. The failure count was cleared
 * when the password was checked. One statement (its parts are one transaction): a sign-in
 * used to spend six round trips here, begin and commit included. The counters are the same
 * atomic upserts as `countActivity` and `countDevice`.
 */
export async function recordSignIn(
  db: Database,
  realtime: Pick<Realtime, 'userSignedIn'>,
  user: { id: string; username: string; unitId: string | null },
  client: { ip: string; userAgent: string | undefined; deviceKeyHash: string },
): Promise<void> {
  const { browser, deviceName } = describeUserAgent(client.userAgent);
  const now = new Date();
  const day = activityDay(now);
  const at = now.toISOString();
  await db.execute(sql`
    with device as (
      insert into ${userDevices} (user_id, unit_id, device_key, device_name, browser, ip_address, signed_in_at)
      values (${user.id}, ${user.unitId}, ${client.deviceKeyHash}, ${deviceName}, ${browser}, ${client.ip}, ${at})
    ), login as (
      update ${users} set last_login_at = ${at}, updated_at = ${at} where id = ${user.id}
    ), counter as (
      insert into ${activityCounters} (day, metric, unit_id, service_code, count, platform_total)
      values (${day}, 'sign_in', ${user.unitId}, '', 1, false), (${day}, 'sign_in', null, '', 1, true)
      on conflict (metric, day, unit_id, service_code, platform_total) do update set count = ${activityCounters}.count + 1
    )
    insert into ${activityDevices} (day, unit_id, device_key) values (${day}, ${user.unitId}, ${client.deviceKeyHash}) on conflict do nothing`);
  realtime.userSignedIn({
    kind: 'sign_in',
    userId: user.id,
    username: user.username,
    unitId: user.unitId,
    signedInAt: now.toISOString(),
    day: activityDay(now),
  });
}
