import { and, eq } from 'drizzle-orm';
import { STATUS } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { packageServices, servicePackages, services, unitPackages } from '../../db/schema/index.ts';
import { packUsableAt, seatsOf, seatsTaken } from '../../identity/packs.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Has the unit bought the service: an active, unexpired pack of the unit holds it, and the
 * service is active. Roles, profiles, groups and users of a service exist only for units that
 * bought it. (Issue 7's entitlement check answers the same question for sign-in; this is the
 * unit half of it, without the user's seat.)
 */
export async function unitHasService(db: Queryable, now: Date, unitId: string, serviceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: services.id })
    .from(unitPackages)
    .innerJoin(servicePackages, eq(servicePackages.id, unitPackages.packageId))
    .innerJoin(packageServices, eq(packageServices.packageId, servicePackages.id))
    .innerJoin(services, eq(services.id, packageServices.serviceId))
    .where(
      and(
        eq(unitPackages.unitId, unitId),
        eq(services.id, serviceId),
        packUsableAt(now),
        eq(services.status, STATUS.active),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Refuses (code 2005, "channel not allowed") a service the unit has not bought. */
export async function assertUnitHasService(db: Queryable, now: Date, unitId: string, serviceId: string): Promise<void> {
  if (!(await unitHasService(db, now, unitId, serviceId))) {
    throw new AppError('data.channel_not_allowed', { errors: [{ field: 'body.serviceId', message: 'invalid' }] });
  }
}

/**
 * A grant takes a seat: the user must already hold one in a usable pack of the unit with the
 * service, or such a pack must have one free. The packs' rows are locked, so grants given at
 * once cannot together pass the seats bought. Refused with code 9165 on `body.userId`.
 */
export async function assertSeatFree(tx: Queryable, now: Date, unitId: string, serviceId: string, userId: string): Promise<void> {
  const packs = await tx
    .select({ packageId: unitPackages.packageId, seats: unitPackages.seats, userBand: servicePackages.userBand })
    .from(unitPackages)
    .innerJoin(servicePackages, eq(servicePackages.id, unitPackages.packageId))
    .innerJoin(packageServices, eq(packageServices.packageId, servicePackages.id))
    .where(and(eq(unitPackages.unitId, unitId), eq(packageServices.serviceId, serviceId), packUsableAt(now)))
    .for('update', { of: unitPackages });
  let most = 0;
  for (const pack of packs) {
    const seats = seatsOf(pack.seats, pack.userBand);
    most = Math.max(most, seats);
    const { taken, mine } = await seatsTaken(tx, unitId, pack.packageId, userId);
    if (mine || taken < seats) return;
  }
  throw new AppError('package.seats_exhausted', { params: { seats: most }, errors: [{ field: 'body.userId', message: 'invalid' }] });
}

/** A service's code (what the action log names it by); undefined for an unknown id. */
export async function serviceCodeOf(db: Queryable, serviceId: string): Promise<string | undefined> {
  const [service] = await db.select({ code: services.code }).from(services).where(eq(services.id, serviceId));
  return service?.code;
}
