import { eq, sql } from 'drizzle-orm';
import type { Account } from 'oidc-provider';
import { STATUS, USER_STATUS } from '@portal/contracts';
import type { Database } from '../db/client.ts';
import { agencies, units, users } from '../db/schema/index.ts';
import { clearFailedPasswords, recordFailedPassword } from './lockout.ts';
import { verifyAgainstDecoy, verifyPassword } from './passwords.ts';

type UserRow = typeof users.$inferSelect;

export function isLocked(user: Pick<UserRow, 'lockedUntil'>, now = new Date()): boolean {
  return user.lockedUntil !== null && user.lockedUntil > now;
}

/** May this user hold a session right now? Locked or disabled users may not. */
export function canSignIn(user: Pick<UserRow, 'status' | 'lockedUntil'>): boolean {
  return user.status === USER_STATUS.active && !isLocked(user);
}

/**
 * A user of a unit or an agency that has been deactivated may not sign in (nor refresh) until
 * it is active again: deactivating a customer or a reseller stops all of its people at once.
 */
async function organisationSuspended(db: Database, user: Pick<UserRow, 'agencyId' | 'unitId'>): Promise<boolean> {
  if (user.agencyId) {
    const [agency] = await db.select({ status: agencies.status }).from(agencies).where(eq(agencies.id, user.agencyId));
    if (agency?.status !== STATUS.active) return true;
  }
  if (user.unitId) {
    const [unit] = await db.select({ status: units.status }).from(units).where(eq(units.id, user.unitId));
    if (unit?.status !== STATUS.active) return true;
  }
  return false;
}

/**
 * The provider's view of an account. Returning nothing makes the provider refuse the
 * session, the code exchange and the refresh: a lock or a disabled account takes effect there.
 */
export async function findActiveAccount(db: Database, id: string): Promise<Account | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user || !canSignIn(user) || (await organisationSuspended(db, user))) return undefined;
  return {
    accountId: user.id,
    claims: () => ({
      sub: user.id,
      name: user.fullName || user.username,
      given_name: user.firstName,
      family_name: user.lastName,
      preferred_username: user.username,
      email: user.email,
    }),
  };
}

export async function findUserByLogin(db: Database, login: string): Promise<UserRow | undefined> {
  const normalized = login.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${normalized} or lower(${users.email}) = ${normalized}`)
    .limit(1);
  return user;
}

export type CredentialCheck = { ok: true; user: UserRow } | { ok: false; reason: 'invalid' | 'locked' | 'disabled' };

/**
 * Checks a username (or e-mail) and password. The answer never says which of the two was
 * wrong, and an unknown username costs as much time as a wrong password. Wrong passwords
 * count towards the lock (5 → 30 minutes); a locked account is refused even with the right one.
 */
export async function checkCredentials(db: Database, login: string, password: string): Promise<CredentialCheck> {
  const user = await findUserByLogin(db, login);
  if (!user) {
    await verifyAgainstDecoy(password);
    return { ok: false, reason: 'invalid' };
  }
  if (isLocked(user)) return { ok: false, reason: 'locked' };
  if (!(await verifyPassword(user.passwordHash, password))) {
    const { locked } = await recordFailedPassword(db, user.id);
    return { ok: false, reason: locked ? 'locked' : 'invalid' };
  }
  if ((await clearFailedPasswords(db, user.id)).locked) return { ok: false, reason: 'locked' };
  if (user.status !== USER_STATUS.active || (await organisationSuspended(db, user))) return { ok: false, reason: 'disabled' };
  return { ok: true, user };
}
