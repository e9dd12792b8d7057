import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';

import { BASE_PATH, LOG_ACTION, LOG_OBJECT, PORTAL_SERVICE_CODE, STATUS, UPGRADE_REQUEST_STATE, upgradeRequestResource, unitOfferPackSchema, type UnitOfferPack, type UnitOfferService, UNIT_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import { packageServices, servicePackages, services, unitPackages, units, upgradeRequests, users } from '../../db/schema/index.ts';
import { packUsableAt } from '../../identity/packs.ts';
import { auditedChange, describeInput } from '../../platform/audit.ts';
import { registerCall } from '../../platform/call.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { scopeOf, unitForWrite, unitsWithin } from '../../platform/resource/scope.ts';
import { readSetting } from '../../platform/settings.ts';
import { activePacks } from './service-package-store.ts';
import { seatsOf } from '../../identity/packs.ts';
import { upgradeRequestStore } from './upgrade-request-store.ts';

const invalid = (field: string) => new AppError('request.bad_request', { errors: [{ field: `body.${field}`, message: 'invalid' }] });

/** The unit a unit's call is about: the caller's own (another unit's answers as unknown), or the one platform staff name. */
function unitOfCall(request: FastifyRequest, requested: string | null | undefined): string {
  const scope = scopeOf(request.actor);
  if (scope.unitId !== null && requested && requested !== scope.unitId) throw notFound();
  return unitForWrite(scope, requested);
}

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
    .where(and(eq(servicePackages.status, STATUS.active), gt(servicePackages.trialDays, 0)));
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

/** The packs on offer (active), with the services they hold and what they cost a month. */
/** The packs on offer, in the offer's shape (unitOfferPackSchema strips what is not for units). */
async function packsOnOffer(db: Queryable): Promise<UnitOfferPack[]> {
  return (await activePacks(db)).map((pack) => unitOfferPackSchema.parse(pack));
}

/**
 * The unit admin's upgrade and trial calls (/api/Unit/GetPackageChannelOfUnit/,
 * RequestUpdatePackageService, RegisterPackServiceTrial) and the requests' list for platform
 * staff (/api/UpgradeRequest), who mark them contacted or done.
 */
export function registerUpgradeRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, upgradeRequestResource, upgradeRequestStore);

  registerCall(app, UNIT_CALLS.packOffer, {}, async (request) => {
    const [unit] = await ctx.db
      .select({ id: units.id, name: units.name })
      .from(units)
      .where(and(eq(units.id, request.params.id), unitsWithin(scopeOf(request.actor))));
    if (!unit) throw notFound();
    const now = ctx.clock.now();
    return { unitId: unit.id, unitName: unit.name, services: await servicesOfUnit(ctx.db, unit.id, now), packs: await packsOnOffer(ctx.db) };
  });

  const requestAudit = { object: LOG_OBJECT.unitServicePackage, action: LOG_ACTION.add } as const;
  registerCall(app, UNIT_CALLS.requestUpgrade, { audit: requestAudit }, async (request) =>
    (
      await auditedChange(ctx.db, request, requestAudit, async (tx, note) => {
        const unitId = unitOfCall(request, request.body.unitId);
        const { packageId, serviceId, note: text } = request.body;
        const [unit] = await tx.select({ name: units.name }).from(units).where(eq(units.id, unitId));
        if (!unit) throw invalid('unitId');
        const [pack] = packageId ? await tx.select({ name: servicePackages.name }).from(servicePackages).where(eq(servicePackages.id, packageId)) : [];
        if (packageId && !pack) throw invalid('packageId');
        const [service] = serviceId ? await tx.select({ name: services.name }).from(services).where(eq(services.id, serviceId)) : [];
        if (serviceId && !service) throw invalid('serviceId');
        const [requester] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, request.actor.userId));
        const requesterName = requester?.fullName || request.actor.username;
        const [created] = await tx
          .insert(upgradeRequests)
          .values({ unitId, requestedBy: request.actor.userId, requesterName, packageId: packageId ?? null, serviceId: serviceId ?? null, note: text ?? null })
          .returning({ id: upgradeRequests.id });
        note({ objectId: created!.id, objectName: unit.name, unitId, content: describeInput(request.body) });
        // Customer care follows up: the address of System → configuration, else the platform administrator's.
        const to = (await readSetting(tx, 'CUSTOMER_CARE_EMAIL')) || ctx.config.admin.email;
        await ctx.mailer.send(tx, {
          kind: 'upgradeRequested',
          to,
          language: 'vi',
          params: {
            unitName: unit.name,
            requesterName,
            packageName: pack?.name ?? '—',
            serviceName: service?.name ?? '—',
            note: text ?? '—',
            requestsUrl: `${ctx.config.publicUrl}${BASE_PATH}/package/upgrade-request`,
          },
        });
        return { id: created!.id };
      })
  ));

  const confirmAudit = { object: LOG_OBJECT.unitServicePackage, action: LOG_ACTION.confirm } as const;
  registerCall(app, UNIT_CALLS.confirmUpgrade, { audit: confirmAudit }, async (request) =>
    (
      await auditedChange(ctx.db, request, confirmAudit, async (tx, note) => {
        const found = await upgradeRequestStore.find(tx, request.body.id, scopeOf(request.actor));
        if (!found) throw notFound();
        note({ objectId: found.id, objectName: found.unitName, unitId: found.unitId, content: describeInput(request.body) });
        // A request moves forward only: new → contacted → done.
        if (found.state === UPGRADE_REQUEST_STATE.done || request.body.state <= found.state) throw new AppError('package.request_handled');
        await tx
          .update(upgradeRequests)
          .set({ state: request.body.state, handledBy: request.actor.username, handledAt: ctx.clock.now() })
          .where(eq(upgradeRequests.id, found.id));
        return true;
      })
  ));

  const trialAudit = { object: LOG_OBJECT.unitServicePackage, action: LOG_ACTION.register } as const;
  registerCall(app, UNIT_CALLS.registerTrial, { audit: trialAudit }, async (request) =>
    (
      await auditedChange(ctx.db, request, trialAudit, async (tx, note) => {
        const unitId = unitOfCall(request, request.body.unitId);
        const { serviceId } = request.body;
        note({ objectId: unitId, unitId, content: describeInput(request.body) });
        // One registration at a time per unit: two at once would both see no trial yet.
        const [unit] = await tx.select({ name: units.name }).from(units).where(eq(units.id, unitId)).for('update');
        if (!unit) throw invalid('unitId');
        const [service] = await tx.select({ code: services.code, allowTrial: services.allowTrial, status: services.status }).from(services).where(eq(services.id, serviceId));
        if (!service || service.status !== STATUS.active) throw invalid('serviceId');
        note({ objectName: `${unit.name}: ${service.code}` });
        if (!service.allowTrial) throw new AppError('package.no_trial', { errors: [{ field: 'body.serviceId', message: 'invalid' }] });
        const [usable] = await tx
          .select({ id: unitPackages.id })
          .from(unitPackages)
          .innerJoin(servicePackages, eq(servicePackages.id, unitPackages.packageId))
          .innerJoin(packageServices, eq(packageServices.packageId, unitPackages.packageId))
          .where(and(eq(unitPackages.unitId, unitId), eq(packageServices.serviceId, serviceId), packUsableAt(ctx.clock.now())));
        if (usable) throw new AppError('package.service_held', { errors: [{ field: 'body.serviceId', message: 'invalid' }] });
        const [used] = await tx
          .select({ id: unitPackages.id })
          .from(unitPackages)
          .innerJoin(packageServices, eq(packageServices.packageId, unitPackages.packageId))
          .where(and(eq(unitPackages.unitId, unitId), eq(packageServices.serviceId, serviceId), eq(unitPackages.isTrial, true)));
        if (used) throw new AppError('package.trial_used', { errors: [{ field: 'body.serviceId', message: 'invalid' }] });
        // The pack the trial runs on: a Trial-level pack holding the service first, then the longest trial.
        const [pack] = await tx
          .select({ id: servicePackages.id, name: servicePackages.name, trialDays: servicePackages.trialDays, userBand: servicePackages.userBand })
          .from(servicePackages)
          .innerJoin(packageServices, eq(packageServices.packageId, servicePackages.id))
          .where(and(eq(packageServices.serviceId, serviceId), eq(servicePackages.status, STATUS.active), sql`${servicePackages.trialDays} > 0`))
          .orderBy(sql`${servicePackages.level} = 'Trial' desc`, sql`${servicePackages.trialDays} desc`, asc(servicePackages.name))
          .limit(1);
        if (!pack) throw new AppError('package.no_trial', { errors: [{ field: 'body.serviceId', message: 'invalid' }] });
        const now = ctx.clock.now();
        const endsAt = new Date(now.getTime() + pack.trialDays! * 86_400_000);
        const [created] = await tx
          .insert(unitPackages)
          .values({ unitId, packageId: pack.id, startsAt: now, endsAt, isTrial: true, seats: seatsOf(null, pack.userBand) })
          .returning({ id: unitPackages.id });
        note({ objectId: created!.id });
        return { id: created!.id, packageName: pack.name, endsAt: endsAt.toISOString() };
      })
  ));
}
