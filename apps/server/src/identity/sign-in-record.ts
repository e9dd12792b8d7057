import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { userDevices, users } from '../db/schema/index.ts';
import { describeUserAgent } from '../platform/user-agent.ts';

/** Writes the device-log row of a successful sign-in and resets the failure counter. */
export async function recordSignIn(
  db: Database,
  user: { id: string; unitId: string | null },
  client: { ip: string; userAgent: string | undefined },
): Promise<void> {
  const { browser, deviceName } = describeUserAgent(client.userAgent);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.insert(userDevices).values({
      userId: user.id,
      unitId: user.unitId,
      deviceName,
      browser,
      ipAddress: client.ip,
      signedInAt: now,
    });
    await tx.update(users).set({ lastLoginAt: now, failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, user.id));
  });
}
