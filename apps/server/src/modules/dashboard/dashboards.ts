import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { PORTAL_SERVICE_CODE, STATUS, USER_STATUS, type DashboardRequest, type PlatformDashboard, type ServiceUsage, type UnitDashboard } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { packageServices, servicePackages, services, unitPackages, units, users } from '../../db/schema/index.ts';
import { packUsableAt } from '../../identity/packs.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import { activityByDay, devicesSignedIn, serviceAccessesByDay, type UnitFilter } from './activity-figures.ts';
import { activityDay, endOfDay, startOfDay } from './activity-day.ts';
import { ownActivity } from './own-activity.ts';

/** A unit's users see their own unit whatever they send; platform staff the unit they name, or all. */
export function unitInReach(actor: Actor, requested: string | null | undefined): UnitFilter {
  return actor.unitId ?? requested ?? undefined;
}

/** `count(*) filter (where …)`: several counts of one table in a single pass over it. */
const countIf = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition ?? sql`true`})`.mapWith(Number);

/**
 * Per service: the units holding a pack with it usable now, and sign-ins into its app in the
 * period. The portal itself is no service app (its sign-ins are not service accesses): its
 * accesses are the portal's sign-ins, `portalSignIns`.
 */
export async function serviceUsage(db: Queryable, period: DashboardRequest, unit: UnitFilter, now: Date, portalSignIns: Promise<number>): Promise<ServiceUsage[]> {
  const holders = await db
    .select({ code: services.code, name: services.name, units: sql<number>`count(distinct ${unitPackages.unitId})`.mapWith(Number) })
    .from(services)
    .leftJoin(packageServices, eq(packageServices.serviceId, services.id))
    .leftJoin(servicePackages, eq(servicePackages.id, packageServices.packageId))
    .leftJoin(unitPackages, and(eq(unitPackages.packageId, servicePackages.id), packUsableAt(now), unit === undefined ? undefined : eq(unitPackages.unitId, unit)))
    .where(eq(services.status, STATUS.active))
    .groupBy(services.code, services.name, services.sortOrder)
    .orderBy(services.sortOrder, services.code);
  const accesses = new Map<string, number>();
  for (const row of await serviceAccessesByDay(db, period, unit)) accesses.set(row.serviceCode, (accesses.get(row.serviceCode) ?? 0) + row.count);
  accesses.set(PORTAL_SERVICE_CODE, await portalSignIns);
  return holders.map((row) => ({ serviceCode: row.code, serviceName: row.name, numberOfUnits: row.units, numberOfAccesses: accesses.get(row.code) ?? 0 }));
}

export async function platformDashboard(db: Queryable, realtime: Pick<Realtime, 'usersOnline'>, clock: Clock, actor: Actor, request: DashboardRequest): Promise<PlatformDashboard> {
  const unit = unitInReach(actor, request.unitRequest);
  const ofUnit = unit === undefined ? undefined : eq(units.id, unit);
  const usersOfUnit = unit === undefined ? undefined : eq(users.unitId, unit);
  // "Today" is the server clock's day, so tests that move the clock see users added on that day.
  const today = activityDay(clock.now());
  // One pass over each table for all of its figures (three separate counts of a large users
  // table were most of this call's time).
  const activityOfPeriod = activityByDay(db, request, unit);
  const signIns = activityOfPeriod.then((days) => days.reduce((sum, day) => sum + day.signIn, 0));
  const [[unitCounts], [userCounts], activity, usage, userOnline, numberUserSignIn] = await Promise.all([
    db
      .select({
        total: countIf(undefined),
        active: countIf(eq(units.status, STATUS.active)),
        implementing: countIf(and(eq(units.status, STATUS.active), eq(units.isTrial, true))),
        justImplemented: countIf(and(gte(units.registrationDate, startOfDay(request.fromDate)), lt(units.registrationDate, endOfDay(request.toDate)))),
      })
      .from(units)
      .where(ofUnit),
    db
      .select({ total: countIf(undefined), active: countIf(eq(users.status, USER_STATUS.active)), addedToday: countIf(gte(users.createdAt, startOfDay(today))) })
      .from(users)
      .where(usersOfUnit),
    activityOfPeriod,
    serviceUsage(db, request, unit, clock.now(), signIns),
    realtime.usersOnline(unit ?? null),
    signIns,
  ]);
  return {
    requestDate: { fromDate: request.fromDate, toDate: request.toDate },
    unitRequest: unit ?? null,
    totalUnit: unitCounts!.total,
    numberUnitsActive: unitCounts!.active,
    totalUser: userCounts!.total,
    numberUserActive: userCounts!.active,
    userOnline,
    numberUserSignIn,
    numberOfUnitsImplementation: unitCounts!.implementing,
    numberOfUnitsJustImplementation: unitCounts!.justImplemented,
    numberOfUserJustAddInDay: userCounts!.addedToday,
    activityStatisticsInTime: activity,
    numberChannelsAciveByUnit: usage,
  };
}

/**
 * A unit's figures, for its administrators and platform staff. A unit's user who does not
 * administer it sees their own figures only: their sign-ins, sign-outs and devices, and
 * whether they are online.
 */
export async function unitDashboard(db: Queryable, realtime: Pick<Realtime, 'usersOnline'>, actor: Actor, request: DashboardRequest): Promise<UnitDashboard> {
  if (actor.unitId && !actor.isAdminUnit) {
    const [own, userOnline] = await Promise.all([ownActivity(db, request, actor.userId), realtime.usersOnline(actor.unitId, actor.userId)]);
    return {
      requestDate: { fromDate: request.fromDate, toDate: request.toDate },
      unitRequest: actor.unitId,
      activityStatisticsUserInTime: own.days,
      numberDeviceSignin: own.devices,
      numberOfSignin: own.days.reduce((sum, day) => sum + day.signIn, 0),
      numberOfSignout: own.days.reduce((sum, day) => sum + day.signOut, 0),
      userOnline,
    };
  }
  const unit = unitInReach(actor, request.unitRequest);
  const [activity, numberDeviceSignin, userOnline] = await Promise.all([activityByDay(db, request, unit), devicesSignedIn(db, request, unit), realtime.usersOnline(unit ?? null)]);
  return {
    requestDate: { fromDate: request.fromDate, toDate: request.toDate },
    unitRequest: unit ?? null,
    activityStatisticsUserInTime: activity,
    numberDeviceSignin,
    numberOfSignin: activity.reduce((sum, day) => sum + day.signIn, 0),
    numberOfSignout: activity.reduce((sum, day) => sum + day.signOut, 0),
    userOnline,
  };
}
