import { and, countDistinct, eq, gt, inArray, isNull, lte, min, or, sql } from 'drizzle-orm';
import { BAND_SEATS, STATUS, USER_COUNT_BANDS, type UserCountBand } from '@portal/contracts';
import type { Queryable } from '../db/client.ts';
import { appUsers, packageServices, servicePackages, unitPackages } from '../db/schema/index.ts';

/**
 * What a unit bought, defined once: a unit's pack is usable at `now` while it is on, the pack
 * it is of is on, it has started and it has not ended. Every reader of a unit's packs asks this
 * (the provider's entitlement, seats, the app list, the upgrade page, the dashboard, reports,
 * the apps' subscriptions). The query must join `servicePackages` to `unitPackages`.
 */
export function packUsableAt(now: Date) {
  return and(
    eq(unitPackages.status, STATUS.active),
    eq(servicePackages.status, STATUS.active),
    lte(unitPackages.startsAt, now),
    or(isNull(unitPackages.endsAt), gt(unitPackages.endsAt, now)),
  )!;
}

/** `packUsableAt` for rows already read (the same rule, held to it by a test). */
export function isPackUsable(
  held: Pick<typeof unitPackages.$inferSelect, 'status' | 'startsAt' | 'endsAt'>,
  pack: Pick<typeof servicePackages.$inferSelect, 'status'>,
  now: Date,
): boolean {
  return held.status === STATUS.active && pack.status === STATUS.active && held.startsAt <= now && (held.endsAt === null || held.endsAt > now);
}

/** The catalogue's packs a unit can be given or buy now: the active ones (the one definition of "active packs"). */
export const packOnOffer = () => eq(servicePackages.status, STATUS.active);

/** Packs made before bands were required have none: they count as a single user's. */
export const bandOf = (value: string | null): UserCountBand => USER_COUNT_BANDS.find((band) => band === value) ?? '1';

/** The seats a unit's pack gives: set on the unit's pack, else the pack's band's. */
export const seatsOf = (seats: number | null, userBand: string | null): number => seats ?? BAND_SEATS[bandOf(userBand)];

/** A unit's active grants in any of a pack's services. */
function grantsInPack(db: Queryable, unitId: string, packageId: string) {
  return and(
    eq(appUsers.unitId, unitId),
    eq(appUsers.status, STATUS.active),
    inArray(appUsers.serviceId, db.select({ id: packageServices.serviceId }).from(packageServices).where(eq(packageServices.packageId, packageId))),
  );
}

/**
 * Seats taken in a pack the unit holds: the distinct users with a grant (an active app user)
 * in any of the pack's services; `mine` says whether `userId` is one of them.
 */
export async function seatsTaken(db: Queryable, unitId: string, packageId: string, userId: string | null = null): Promise<{ taken: number; mine: boolean }> {
  const [row] = await db
    .select({ taken: countDistinct(appUsers.userId), mine: sql<boolean>`coalesce(bool_or(${appUsers.userId} = ${userId}), false)` })
    .from(appUsers)
    .where(grantsInPack(db, unitId, packageId));
  return { taken: row?.taken ?? 0, mine: Boolean(row?.mine) };
}

/**
 * Does the user sit in one of the pack's seats? Grants beyond the seats are refused when given,
 * but a pack can be swapped for a smaller one: then the seats go to the users granted first.
 */
export async function holdsSeat(db: Queryable, unitId: string, pack: { packageId: string; seats: number }, userId: string): Promise<boolean> {
  const { taken, mine } = await seatsTaken(db, unitId, pack.packageId, userId);
  if (!mine) return false;
  if (taken <= pack.seats) return true;
  const first = min(appUsers.createdAt);
  const seated = await db
    .select({ userId: appUsers.userId })
    .from(appUsers)
    .where(grantsInPack(db, unitId, pack.packageId))
    .groupBy(appUsers.userId)
    .orderBy(first, appUsers.userId)
    .limit(pack.seats);
  return seated.some((row) => row.userId === userId);
}
