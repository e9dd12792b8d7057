import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import { PORTAL_SERVICE_CODE, STATUS, unitOfferPackSchema, type UnitOfferPack, type UnitOfferService, type UnitPackageChannels } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { packageServices, servicePackages, services, unitPackages, units } from '../../db/schema/index.ts';
import { packOnOffer, packUsableAt, seatsOf } from '../../identity/packs.ts';
import type { AuditDetails } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { unitsWithin, type Scope } from '../../platform/resource/scope.ts';
import { activePacks } from './service-package-store.ts';

/**
 * What a unit is offered (the upgrade page, /api/Unit/GetPackageChannelOfUnit/) and the trial it
 * may register (RegisterPackServiceTrial): the rules behind the unit's upgrade calls.
 */

/** The packs a trial may run on: on offer, with trial days. */
const offersTrial = () => and(packOnOffer(), gt(servicePackages.trialDays, 0))!;

const invalid = (field: string) => new AppError('request.bad_request', { errors: [{ field: `body.${field}`, message: 'invalid' }] });
const refusedService = (key: 'package.no_trial' | 'package.service_held' | 'package.trial_used') =>
  new AppError(key, { errors: [{ field: 'body.serviceId', message: 'invalid' }] });

/** Each active service of the suite as the unit has it: held, expired or not bought, and whether a trial may be registered. */
async function servicesOfUnit(db: Queryable, unitId: string, now: Date): Promise<UnitOfferService[]> {
  const held = await db
    .select({ serviceId: packageServices.serviceId, usable: packUsableAt(now), status: unitPackages.status, startsAt: unitPackages.startsAt, endsAt: unitPackages.endsAt, isTrial: unitPackages.isTrial })
    .from(unitPackages)
    .innerJoin(servicePackages, eq(servicePackages.id, unitPackages.packageId))
    .innerJoin(packageServices, eq(packageServices.packageId, servicePackages.id))
    .where(eq(unitPackages.unitId, unitId));
  const offered = await db
    .selectDistinct({ serviceId: packageServices.serviceId })
    .from(packageServices)
    .innerJoin(servicePackages, eq(servicePackages.id, packageServices.packageId))
    .where(offersTrial());
  const trialOffered = new Set(offered.map((row) => row.serviceId));
  const rows = await db
    .select({ serviceId: services.id, code: services.code, name: services.name, link: services.link, allowTrial: services.allowTrial })
    .from(services)
    .where(and(eq(services.status, STATUS.active), ne(services.code, PORTAL_SERVICE_CODE)))
    .orderBy(asc(services.sortOrder), asc(services.name));
  return rows.map(({ allowTrial, ...service }) => {
    const packs = held.filter((pack) => pack.serviceId === service.serviceId);
    const usable = packs.filter((pack) => Boolean(pack.usable));
    // A pack counts from its start: one that starts later makes the service upcoming, not held.
    const later = packs.filter((pack) => pack.status === STATUS.active && pack.startsAt > now).map((pack) => pack.startsAt.getTime());
    const state = usable.length > 0 ? 'held' : later.length > 0 ? 'upcoming' : packs.length > 0 ? 'expired' : 'none';
    const startsAt = state === 'upcoming' ? new Date(Math.min(...later)).toISOString() : null;
    // The latest end among the usable packs; none while one of them is unlimited.
    const ends = usable.map((pack) => pack.endsAt);
    const endsAt = ends.length === 0 || ends.includes(null) ? null : new Date(Math.max(...ends.map((end) => end!.getTime()))).toISOString();
    const trialUsed = packs.some((pack) => pack.isTrial);
    return { ...service, state, endsAt, startsAt, trialAvailable: state !== 'held' && allowTrial && trialOffered.has(service.serviceId) && !trialUsed };
  });
}

/** The packs on offer, in the offer's shape (unitOfferPackSchema strips what is not for units). */
async function packsOnOffer(db: Queryable): Promise<UnitOfferPack[]> {
  return (await activePacks(db)).map((pack) => unitOfferPackSchema.parse(pack));
}

/** A unit's offer: its services as it has them and the packs it may buy; undefined when the unit is not within the scope. */
export async function unitOffer(db: Queryable, scope: Scope, unitId: string, now: Date): Promise<UnitPackageChannels | undefined> {
  const [unit] = await db
    .select({ id: units.id, name: units.name })
    .from(units)
    .where(and(eq(units.id, unitId), unitsWithin(scope)));
  if (!unit) return undefined;
  // The packs the unit holds now, marked on the offer (the page offers upgrades from them).
  const current = await db
    .selectDistinct({ id: unitPackages.packageId })
    .from(unitPackages)
    .innerJoin(servicePackages, eq(servicePackages.id, unitPackages.packageId))
    .where(and(eq(unitPackages.unitId, unit.id), packUsableAt(now)));
  return {
    unitId: unit.id,
    unitName: unit.name,
    services: await servicesOfUnit(db, unit.id, now),
    packs: await packsOnOffer(db),
    currentPackIds: current.map((pack) => pack.id),
  };
}

/**
 * Registers a trial of a service for a unit: the service allows one, the unit holds no usable
 * pack of it and never had a trial of it. The trial runs on a Trial-level pack holding the
 * service first, then on the longest trial on offer.
 */
export async function registerTrial(
  tx: Transaction,
  unitId: string,
  serviceId: string,
  now: Date,
  note: (details: AuditDetails) => void,
): Promise<{ id: string; packageName: string; endsAt: string }> {
  // One registration at a time per unit: two at once would both see no trial yet.
  const [unit] = await tx.select({ name: units.name }).from(units).where(eq(units.id, unitId)).for('update');
  if (!unit) throw invalid('unitId');
  const [service] = await tx.select({ code: services.code, allowTrial: services.allowTrial, status: services.status }).from(services).where(eq(services.id, serviceId));
  if (!service || service.status !== STATUS.active) throw invalid('serviceId');
  note({ objectName: `${unit.name}: ${service.code}` });
  if (!service.allowTrial) throw refusedService('package.no_trial');
  const [usable] = await tx
    .select({ id: unitPackages.id })
    .from(unitPackages)
    .innerJoin(servicePackages, eq(servicePackages.id, unitPackages.packageId))
    .innerJoin(packageServices, eq(packageServices.packageId, unitPackages.packageId))
    .where(and(eq(unitPackages.unitId, unitId), eq(packageServices.serviceId, serviceId), packUsableAt(now)));
  if (usable) throw refusedService('package.service_held');
  const [used] = await tx
    .select({ id: unitPackages.id })
    .from(unitPackages)
    .innerJoin(packageServices, eq(packageServices.packageId, unitPackages.packageId))
    .where(and(eq(unitPackages.unitId, unitId), eq(packageServices.serviceId, serviceId), eq(unitPackages.isTrial, true)));
  if (used) throw refusedService('package.trial_used');
  const [pack] = await tx
    .select({ id: servicePackages.id, name: servicePackages.name, trialDays: servicePackages.trialDays, userBand: servicePackages.userBand })
    .from(servicePackages)
    .innerJoin(packageServices, eq(packageServices.packageId, servicePackages.id))
    .where(and(eq(packageServices.serviceId, serviceId), offersTrial()))
    .orderBy(sql`${servicePackages.level} = 'Trial' desc`, sql`${servicePackages.trialDays} desc`, asc(servicePackages.name))
    .limit(1);
  if (!pack) throw refusedService('package.no_trial');
  const endsAt = new Date(now.getTime() + pack.trialDays! * 86_400_000);
  const [created] = await tx
    .insert(unitPackages)
    .values({ unitId, packageId: pack.id, startsAt: now, endsAt, isTrial: true, seats: seatsOf(null, pack.userBand) })
    .returning({ id: unitPackages.id });
  note({ objectId: created!.id });
  return { id: created!.id, packageName: pack.name, endsAt: endsAt.toISOString() };
}
