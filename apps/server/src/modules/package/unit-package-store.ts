import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { type UnitPackageRecord, type UnitPackageResource } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { servicePackages, unitPackages, units } from '../../db/schema/index.ts';
import { bandOf, packUsableAt, seatsOf, seatsTaken } from '../../identity/packs.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { allOf, keywordMatch, totalOver, toPageResult } from '../../platform/resource/search.ts';
import { withinScope } from '../../platform/resource/scope.ts';
import { serviceNames } from './service-package-store.ts';


function select(db: Queryable, now: Date, where: SQL | undefined) {
  return db
    .select({
      held: unitPackages,
      unitName: units.name,
      packageName: servicePackages.name,
      level: servicePackages.level,
      userBand: servicePackages.userBand,
      serviceNames,
      usable: packUsableAt(now),
      total: totalOver,
    })
    .from(unitPackages)
    .innerJoin(units, eq(units.id, unitPackages.unitId))
    .innerJoin(servicePackages, eq(servicePackages.id, unitPackages.packageId))
    .where(where);
}

type Row = Awaited<ReturnType<typeof select>>[number];
function toRecord(row: Row): UnitPackageRecord {
  const { held } = row;
  const userBand = bandOf(row.userBand);
  return {
    id: held.id,
    unitId: held.unitId,
    unitName: row.unitName,
    packageId: held.packageId,
    packageName: row.packageName,
    level: row.level as UnitPackageRecord['level'],
    userBand,
    serviceNames: row.serviceNames,
    seats: seatsOf(held.seats, userBand),
    startsAt: held.startsAt.toISOString(),
    endsAt: held.endsAt?.toISOString() ?? null,
    isTrial: held.isTrial,
    usable: Boolean(row.usable),
    status: held.status,
    createdAt: held.createdAt.toISOString(),
  };
}

/** The pack given must exist; its band gives the seats when none are set. */
async function packOf(tx: Transaction, packageId: string) {
  const [pack] = await tx.select({ userBand: servicePackages.userBand }).from(servicePackages).where(eq(servicePackages.id, packageId));
  if (!pack) throw new AppError('data.not_found', { errors: [{ field: 'body.packageId', message: 'invalid' }] });
  return pack;
}

/** Unit packs; `clock` says which are usable now. */
export function unitPackageStore(clock: Clock): ResourceStore<UnitPackageResource> {
  const store: ResourceStore<UnitPackageResource> = {
    async search(db, query, page, scope) {
      const where = allOf(
        withinScope(unitPackages.unitId, scope),
        query.status === undefined ? undefined : eq(unitPackages.status, query.status),
        query.unitId ? eq(unitPackages.unitId, query.unitId) : undefined,
        query.isTrial === undefined ? undefined : eq(unitPackages.isTrial, query.isTrial),
        keywordMatch([units.name, servicePackages.name], query.keyword),
      );
      const rows = await select(db, clock.now(), where).orderBy(desc(unitPackages.startsAt), desc(unitPackages.id)).limit(page.limit).offset(page.offset);
      return toPageResult(rows, toRecord, page, async () =>
        (await db.select({ n: count() }).from(unitPackages).innerJoin(units, eq(units.id, unitPackages.unitId)).innerJoin(servicePackages, eq(servicePackages.id, unitPackages.packageId)).where(where))[0]!.n,
      );
    },
    async find(db, id, scope) {
      const [row] = await select(db, clock.now(), allOf(eq(unitPackages.id, id), withinScope(unitPackages.unitId, scope)));
      return row && toRecord(row);
    },
    describe: (held) => ({ id: held.id, name: `${held.unitName} – ${held.packageName}`, unitId: held.unitId }),
    async create(tx, input) {
      const pack = await packOf(tx, input.packageId);
      const [unit] = await tx.select({ name: units.name }).from(units).where(eq(units.id, input.unitId));
      if (!unit) throw new AppError('data.not_found', { errors: [{ field: 'body.unitId', message: 'invalid' }] });
      const [row] = await tx
        .insert(unitPackages)
        .values({
          unitId: input.unitId,
          packageId: input.packageId,
          seats: seatsOf(input.seats ?? null, pack.userBand),
          startsAt: new Date(input.startsAt),
          endsAt: input.endsAt ? new Date(input.endsAt) : null,
          isTrial: input.isTrial,
        })
        .returning({ id: unitPackages.id });
      return { id: row!.id, name: unit.name, unitId: input.unitId };
    },
    /** The unit stays the one it was given to; seats may not fall below the grants already given. */
    async update(tx, existing, input) {
      const pack = await packOf(tx, input.packageId);
      const seats = seatsOf(input.seats ?? null, pack.userBand);
      const { taken: grants } = await seatsTaken(tx, existing.unitId, input.packageId);
      if (seats < grants) throw new AppError('package.seats_below_grants', { params: { grants }, errors: [{ field: 'body.seats', message: 'invalid' }] });
      await tx
        .update(unitPackages)
        .set({ packageId: input.packageId, seats, startsAt: new Date(input.startsAt), endsAt: input.endsAt ? new Date(input.endsAt) : null, isTrial: input.isTrial })
        .where(eq(unitPackages.id, existing.id));
      // A trial unit's banner counts the days of its trial pack: moving the pack's end moves the trial's.
      if (input.isTrial) {
        await tx.update(units).set({ expiryDate: input.endsAt ? new Date(input.endsAt) : null }).where(and(eq(units.id, existing.unitId), eq(units.isTrial, true)));
      }
    },
    async remove(tx, existing) {
      await tx.delete(unitPackages).where(eq(unitPackages.id, existing.id));
    },
    async setStatus(tx, existing, status) {
      await tx.update(unitPackages).set({ status }).where(eq(unitPackages.id, existing.id));
    },
  };
  return store;
}

