import { eq, sql } from 'drizzle-orm';
import { STATUS, USER_STATUS } from '@portal/contracts';
import type { Database, Queryable } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { ActorLoader, ActorRecord } from '../platform/actor.ts';
import { AppError } from '../platform/errors.ts';
import { clearFailedPasswords, recordFailedPassword } from './lockout.ts';
import { verifyAgainstDecoy, verifyPassword } from './passwords.ts';

type UserRow = typeof users.$inferSelect;

export function isLocked(user: Pick<UserRow, 'lockedUntil'>, now: Date): boolean {
  return user.lockedUntil !== null && user.lockedUntil > now;
}

/** May this user hold a session right now? Locked or disabled users may not. */
export function canSignIn(user: Pick<UserRow, 'status' | 'lockedUntil'>, now: Date): boolean {
  return user.status === USER_STATUS.active && !isLocked(user, now);
}

/**
 * A user of a unit or an agency that has been deactivated (or removed) may not sign in (nor
 * refresh) until it is active again: deactivating a customer or a reseller stops all of its
 * people at once.
 */
function organisationSuspended({ user, unit, agency }: ActorRecord): boolean {
  if (user.agencyId && agency?.status !== STATUS.active) return true;
  if (user.unitId && unit?.status !== STATUS.active) return true;
  return false;
}

/**
 * The account the provider may act for, or nothing: returning nothing makes the provider refuse
 * the session, the code exchange and the refresh, so a lock or a disabled account takes effect
 * there. Read through the actor cache (a sign-in asks three times), which forgets an account the
 * moment a change to it, its unit or its agency commits, on every instance.
 */
export async function findActiveAccount(actors: ActorLoader, now: Date, id: string): Promise<ActorRecord | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const record = await actors(id);
  if (!record || !canSignIn(record.user, now) || organisationSuspended(record)) return undefined;
  return record;
}

/**
 * The account a sign-in that passed a step goes on with (after its second factor, its passkey,
 * its new password): refused when it was locked or disabled meanwhile, or has gone.
 */
export async function accountForSignIn(db: Queryable, now: Date, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || !canSignIn(user, now)) throw new AppError(user && isLocked(user, now) ? 'account.locked' : 'account.expired');
  return user;
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
export async function checkCredentials(db: Database, now: Date, actors: ActorLoader, login: string, password: string): Promise<CredentialCheck> {
  const user = await findUserByLogin(db, login);
  if (!user) {
    await verifyAgainstDecoy(password);
    return { ok: false, reason: 'invalid' };
  }
  if (isLocked(user, now)) return { ok: false, reason: 'locked' };
  if (!(await verifyPassword(user.passwordHash, password))) {
    const { locked } = await recordFailedPassword(db, now, user.id);
    return { ok: false, reason: locked ? 'locked' : 'invalid' };
  }
  // A right password clears earlier failures. With none to clear the write is skipped: a lock
  // that parallel wrong passwords set meanwhile is caught when the sign-in is recorded.
  const failuresToClear = user.failedLoginCount > 0 || user.lockedUntil !== null;
  if (failuresToClear && (await clearFailedPasswords(db, now, user.id)).locked) return { ok: false, reason: 'locked' };
  if (user.status !== USER_STATUS.active) return { ok: false, reason: 'disabled' };
  const record = await actors(user.id);
  if (!record || organisationSuspended(record)) return { ok: false, reason: 'disabled' };
  return { ok: true, user };
}
