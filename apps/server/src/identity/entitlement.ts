import { and, eq, gt } from 'drizzle-orm';
import { STATUS, USER_STATUS } from '@portal/contracts';
import type { Queryable } from '../db/client.ts';
import { appUsers, packageServices, servicePackages, services, unitPackages, units, unitServices, users } from '../db/schema/index.ts';
import { holdsSeat, packUsableAt, seatsOf } from './packs.ts';

export { packUsableAt } from './packs.ts';

/** Why a user may not sign into a service app now (error catalogue keys). */
export const SIGN_IN_REFUSALS = [
  'account.expired',
  'service.not_bought',
  'service.not_started',
  'service.expired',
  'service.access_off',
  'service.no_permission',
  'service.no_seat',
] as const;
export type SignInRefusal = (typeof SIGN_IN_REFUSALS)[number];

/**
 * May this account use the client now? The one rule every grant of a service client asks: the
 * authorization request, the code exchange and each refresh (identity/grant-entitlement.ts).
 * Only the suite's services are subject to it (a client whose id is a service code); the
 * portal's own client and platform staff (no unit, no agency) always may. A unit's user needs,
 * in this order: to be active (not locked) in an active unit; a pack of the unit holding the
 * service, started and not ended at `now`; the unit's access to the service on; a grant — an
 * active app user of that service in their unit — that sits in the seats of such a pack
 * (docs/decisions.md). An agency's users work in the portal only.
 */
export async function signInRefusal(db: Queryable, now: Date, accountId: string, clientId: string): Promise<SignInRefusal | null> {
  const [service] = await db.select({ id: services.id }).from(services).where(eq(services.code, clientId));
  if (!service) return null;
  const [user] = await db
    .select({ unitId: users.unitId, agencyId: users.agencyId, status: users.status, lockedUntil: users.lockedUntil, unitStatus: units.status })
    .from(users)
    .leftJoin(units, eq(units.id, users.unitId))
    .where(eq(users.id, accountId));
  if (!user) return 'service.no_permission';
  if (user.status !== USER_STATUS.active || (user.lockedUntil !== null && user.lockedUntil > now)) return 'account.expired';
  if (!user.unitId) return user.agencyId ? 'service.no_permission' : null;
  if (user.unitStatus !== STATUS.active) return 'account.expired';

  const packs = await db
    .select({ packageId: unitPackages.packageId, seats: unitPackages.seats, userBand: servicePackages.userBand, usable: packUsableAt(now), future: and(eq(unitPackages.status, STATUS.active), gt(unitPackages.startsAt, now))! })
    .from(unitPackages)
    .innerJoin(servicePackages, eq(servicePackages.id, unitPackages.packageId))
    .innerJoin(packageServices, eq(packageServices.packageId, servicePackages.id))
    .where(and(eq(unitPackages.unitId, user.unitId), eq(packageServices.serviceId, service.id)));
  if (packs.length === 0) return 'service.not_bought';
  const usable = packs.filter((pack) => Boolean(pack.usable));
  if (usable.length === 0) return packs.some((pack) => Boolean(pack.future)) ? 'service.not_started' : 'service.expired';

  const [access] = await db
    .select({ status: unitServices.status })
    .from(unitServices)
    .where(and(eq(unitServices.unitId, user.unitId), eq(unitServices.serviceId, service.id)));
  if (access && access.status !== STATUS.active) return 'service.access_off';

  const [grant] = await db
    .select({ id: appUsers.id })
    .from(appUsers)
    .where(
      and(eq(appUsers.unitId, user.unitId), eq(appUsers.serviceId, service.id), eq(appUsers.userId, accountId), eq(appUsers.status, STATUS.active)),
    );
  if (!grant) return 'service.no_permission';
  for (const pack of usable) {
    if (await holdsSeat(db, user.unitId, { packageId: pack.packageId, seats: seatsOf(pack.seats, pack.userBand) }, accountId)) return null;
  }
  return 'service.no_seat';
}
