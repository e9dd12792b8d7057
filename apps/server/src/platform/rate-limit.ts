import { lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

export interface RateLimit {
  /** Hits allowed in one window. */
  limit: number;
  windowMs: number;
}

/**
 * Counts one hit of `key` in a fixed window and says whether it is within the limit. The
 * counter lives in the database and is updated in one statement, so every instance shares
 * it and parallel hits are all counted.
 */
export async function hitRateLimit(db: Queryable, now: Date, key: string, { limit, windowMs }: RateLimit): Promise<boolean> {
  const windowEndsAt = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowEndsAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowEndsAt} <= ${now} then 1 else ${rateLimits.count} + 1 end`,
        windowEndsAt: sql`case when ${rateLimits.windowEndsAt} <= ${now} then excluded.window_ends_at else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row!.count <= limit;
}

export async function purgeExpiredRateLimits(db: Queryable, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, now));
}
