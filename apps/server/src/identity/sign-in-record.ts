import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { userDevices, users } from '../db/schema/index.ts';
import { countActivity, countDevice } from '../modules/dashboard/activity-counters.ts';
import { activityDay } from '../modules/dashboard/activity-day.ts';
import type { Realtime } from '../modules/realtime/realtime.ts';
import { describeUserAgent } from '../platform/user-agent.ts';

/**
 * Writes the device-log row of a successful sign-in (device, IP, browser, time, user, unit)
 * with the dashboard's counters, and tells the live dashboards. The failure count was cleared when the password was checked.
 */
export async function recordSignIn(
  db: Database,
  realtime: Pick<Realtime, 'userSignedIn'>,
  user: { id: string; username: string; unitId: string | null },
  client: { ip: string; userAgent: string | undefined; deviceKeyHash: string },
): Promise<void> {
  const { browser, deviceName } = describeUserAgent(client.userAgent);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.insert(userDevices).values({
      userId: user.id,
      unitId: user.unitId,
      deviceKey: client.deviceKeyHash,
      deviceName,
      browser,
      ipAddress: client.ip,
      signedInAt: now,
    });
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
    await countActivity(tx, { metric: 'sign_in', unitId: user.unitId, at: now });
    await countDevice(tx, { unitId: user.unitId, deviceKey: client.deviceKeyHash, at: now });
  });
  realtime.userSignedIn({
    kind: 'sign_in',
    userId: user.id,
    username: user.username,
    unitId: user.unitId,
    signedInAt: now.toISOString(),
    day: activityDay(now),
  });
}
