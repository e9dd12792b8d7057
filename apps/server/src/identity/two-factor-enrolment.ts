import { eq } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.ts';
import { userTwoFactor } from '../db/schema/index.ts';
import { dropRecoveryCodes, regenerateRecoveryCodes } from './recovery-codes.ts';

/**
 * Turns a user's own two-factor on, verified as of `now` (the code or app that turned it on
 * was one), and gives them new recovery codes: the answer is the only time they are seen.
 * Both ways in (an e-mailed code, a first app code) go through here.
 */
export async function enableTwoFactor(db: Queryable, userId: string, now: Date): Promise<string[]> {
  await db
    .insert(userTwoFactor)
    .values({ userId, enabledAt: now, lastVerifiedAt: now })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { enabledAt: now, lastVerifiedAt: now } });
  return regenerateRecoveryCodes(db, userId);
}

/** Turns a user's own two-factor off; their recovery codes go with it. */
export async function disableTwoFactor(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(userTwoFactor).set({ enabledAt: null }).where(eq(userTwoFactor.userId, userId));
    await dropRecoveryCodes(tx, userId);
  });
}
