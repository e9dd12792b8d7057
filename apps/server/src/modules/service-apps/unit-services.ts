import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { STATUS } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { packageServices, servicePackages, services, unitPackages } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Has the unit bought the service: an active, unexpired pack of the unit holds it, and the
 * service is active. Roles, profiles, groups and users of a service exist only for units that
 * bought it. (Issue 7's entitlement check answers the same question for sign-in; this is the
 * unit half of it, without the user's seat.)
 */
export async function unitHasService(db: Queryable, unitId: string, serviceId: string): Promise<boolean> {
  const now = new Date();
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
        eq(unitPackages.status, STATUS.active),
        eq(servicePackages.status, STATUS.active),
        eq(services.status, STATUS.active),
        or(isNull(unitPackages.endsAt), gt(unitPackages.endsAt, now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Refuses (code 2005, "channel not allowed") a service the unit has not bought. */
export async function assertUnitHasService(db: Queryable, unitId: string, serviceId: string): Promise<void> {
  if (!(await unitHasService(db, unitId, serviceId))) {
    throw new AppError('data.channel_not_allowed', { errors: [{ field: 'body.serviceId', message: 'invalid' }] });
  }
}
