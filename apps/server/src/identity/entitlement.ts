import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { STATUS } from '@portal/contracts';
import type { Queryable } from '../db/client.ts';
import { appUsers, packageServices, servicePackages, services, unitPackages, unitServices, users } from '../db/schema/index.ts';

/** Why a user may not sign into a service app now (error catalogue keys, codes 9162–9164 and 2xxx). */
export type SignInRefusal = 'service.not_bought' | 'service.expired' | 'service.access_off' | 'service.no_permission';

/** A pack of the unit that holds the service is usable at `now`. */
export function packUsableAt(now: Date) {
  return and(
    eq(unitPackages.status, STATUS.active),
    eq(servicePackages.status, STATUS.active),
    or(isNull(unitPackages.endsAt), gt(unitPackages.endsAt, now)),
  )!;
}

/**
 * May this account sign into the client now? Only the suite's services are subject to it (a
 * client whose id is a service code); the portal's own client and platform staff (no unit, no
 * agency) always may. A unit's user needs, in this order: a pack of the unit holding the
 * service, active and unexpired at `now`; the unit's access to the service on; a grant — an
 * active app user of that service in their unit (docs/decisions.md). An agency's users work in
 * the portal only.
 */
export async function signInRefusal(db: Queryable, now: Date, accountId: string, clientId: string): Promise<SignInRefusal | null> {
  const [service] = await db.select({ id: services.id }).from(services).where(eq(services.code, clientId));
  if (!service) return null;
  const [user] = await db.select({ unitId: users.unitId, agencyId: users.agencyId }).from(users).where(eq(users.id, accountId));
  if (!user) return 'service.no_permission';
  if (!user.unitId) return user.agencyId ? 'service.no_permission' : null;

  const packs = await db
    .select({ usable: packUsableAt(now) })
    .from(unitPackages)
    .innerJoin(servicePackages, eq(servicePackages.id, unitPackages.packageId))
    .innerJoin(packageServices, eq(packageServices.packageId, servicePackages.id))
    .where(and(eq(unitPackages.unitId, user.unitId), eq(packageServices.serviceId, service.id)));
  if (packs.length === 0) return 'service.not_bought';
  if (!packs.some((pack) => Boolean(pack.usable))) return 'service.expired';

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
  return grant ? null : 'service.no_permission';
}
