import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { LOCKOUT } from '@portal/contracts';
import type { Queryable } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { readNumberSetting } from '../platform/settings.ts';

const LOCK_MS = LOCKOUT.lockMinutes * 60_000;

/**
 * Counts a wrong password and answers whether the account is now locked. The count and the
 * lock are written by one conditional statement, so 50 parallel wrong attempts lock the
 * account after exactly the allowed number (System → configuration, read at every attempt so a
 * change holds at once on every instance), and attempts that arrive once it is locked are not
 * counted. A lock that has run out starts a new count.
 */
export async function recordFailedPassword(db: Queryable, now: Date, userId: string): Promise<{ locked: boolean }> {
  const maxFailedAttempts = await readNumberSetting(db, 'LOCKOUT_MAX_FAILED_ATTEMPTS');
  const lockExpired = sql`(${users.lockedUntil} is not null and ${users.lockedUntil} <= ${now})`;
  const failures = sql`(case when ${lockExpired} then 0 else ${users.failedLoginCount} end) + 1`;
  const [row] = await db
    .update(users)
    .set({
      failedLoginCount: failures,
      lockedUntil: sql`case when ${failures} >= ${maxFailedAttempts} then ${new Date(now.getTime() + LOCK_MS)}::timestamptz else null end`,
    })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ lockedUntil: users.lockedUntil });
  return { locked: !row || (row.lockedUntil !== null && row.lockedUntil > now) };
}

/**
 * Clears the failure count after a right password, unless a parallel attempt locked the
 * account meanwhile: then the sign-in is refused as locked.
 */
export async function clearFailedPasswords(db: Queryable, now: Date, userId: string): Promise<{ locked: boolean }> {
  const [row] = await db
    .update(users)
    .set({ failedLoginCount: 0, lockedUntil: null })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ id: users.id });
  return { locked: !row };
}

/** Lifts a lock before it runs out and forgets earlier failures (the administrators' user screens call this). */
export async function unlockUser(db: Queryable, userId: string): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0, lockedUntil: null }).where(eq(users.id, userId));
}
