import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { oidcPayloads } from '../db/schema/index.ts';
import { InvalidatingCache } from '../platform/cache/invalidating-cache.ts';
import { grantOf, type Invalidation } from '../platform/cache/invalidation.ts';
import type { GrantCheck } from '../platform/access.ts';

/**
 * Every sign-out ends its grants: the portal's sign-out and RP-initiated logout (the provider
 * revokes the session's grants), a session the provider ends (another account signing in on the
 * same browser), an administrator's "sign out everywhere", a lock or a password change
 * (revokeAccountSessions), a refresh the entitlement refuses (revokeGrant). Each deletes the
 * grant's row, which tells every instance at commit (migration 0028, NOTIFY `grant:<id>`), so
 * the grant's access tokens are refused everywhere within the notification's delay. Between
 * changes the answer comes from memory: one read per grant and instance.
 */
export function liveGrants(db: Database, invalidation: Invalidation): GrantCheck {
  const cache = new InvalidatingCache<string, number | null>(invalidation, { keyOf: grantOf, ttlMs: 60_000, max: 50_000 });
  const expiry = db
    .select({ expiresAt: oidcPayloads.expiresAt })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.type, 'Grant'), eq(oidcPayloads.id, sql.placeholder('id'))))
    .prepare('oidc_grant_expiry');
  return async (grantId) => {
    const expiresAt = await cache.get(grantId, async () => {
      const [row] = await expiry.execute({ id: grantId });
      return row ? (row.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY) : null;
    });
    return expiresAt !== null && expiresAt > Date.now();
  };
}
