import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { activityCounters, activityDevices, userDevices, users } from '../db/schema/index.ts';
import { activityDay, type Language } from '@portal/contracts';
import type { Realtime } from '../platform/realtime/realtime.ts';
import { describeUserAgent } from '../platform/user-agent.ts';

/**
 * Writes the device-log row of a successful sign-in (device, IP, browser, time, user, unit)
 * and the account's last sign-in and language, with the dashboard's counters, and tells the live dashboards. One statement (its parts are
 * one transaction): a sign-in used to spend six round trips here, begin and commit included.
 * The counters are the same atomic upserts as `countActivity` and `countDevice`. Nothing is
 * written, and the answer is false, when the account is locked now: a parallel wrong password
 * may have locked it after its password was checked (which clears nothing when there were no
 * failures, to save a write).
 */
export async function recordSignIn(
  db: Database,
  now: Date,
  realtime: Pick<Realtime, 'userSignedIn'>,
  user: { id: string; username: string; unitId: string | null },
  client: { ip: string; userAgent: string | undefined; deviceKeyHash: string; language: Language },
): Promise<boolean> {
  const { browser, deviceName } = describeUserAgent(client.userAgent);
  const day = activityDay(now);
  const at = now.toISOString();
  // Both drivers (node-postgres, PGlite) answer a raw statement with its rows under `rows`.
  const { rows } = (await db.execute(sql`
    with login as (
      update ${users} set last_login_at = ${at}, language = ${client.language}, updated_at = ${at}
      where id = ${user.id} and (locked_until is null or locked_until <= ${at})
      returning id
    ), device as (
      insert into ${userDevices} (user_id, unit_id, device_key, device_name, browser, ip_address, signed_in_at)
      select ${user.id}, ${user.unitId}, ${client.deviceKeyHash}, ${deviceName}, ${browser}, ${client.ip}, ${at} from login
    ), counter as (
      insert into ${activityCounters} (day, metric, unit_id, service_code, count, platform_total)
      select ${day}, 'sign_in', unit_id, '', 1, platform_total from login, (values (${user.unitId}::uuid, false), (null::uuid, true)) as scope (unit_id, platform_total)
      on conflict (metric, day, unit_id, service_code, platform_total) do update set count = ${activityCounters}.count + 1
    ), seen as (
      insert into ${activityDevices} (day, unit_id, device_key) select ${day}, ${user.unitId}, ${client.deviceKeyHash} from login on conflict do nothing
    )
    select count(*)::int as recorded from login`)) as unknown as { rows: { recorded: number }[] };
  if (rows[0]?.recorded !== 1) return false;
  realtime.userSignedIn({
    kind: 'sign_in',
    userId: user.id,
    username: user.username,
    unitId: user.unitId,
    signedInAt: now.toISOString(),
    day: activityDay(now),
  });
  return true;
}
