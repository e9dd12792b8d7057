import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { type UnitPackageRecord, type UnitPackageResource, type UnitPackageSortField } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { servicePackages, unitPackages, units } from '../../db/schema/index.ts';
import { bandOf, packUsableAt, seatsOf, seatsTaken } from '../../identity/packs.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { allOf, keywordMatch, sortedBy, totalOver, toPageResult } from '../../platform/resource/search.ts';
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

/** The pack given must exist; its band gives the seats when none are set, its term the expiry. */
async function packOf(tx: Transaction, packageId: string) {
  const [pack] = await tx
    .select({ userBand: servicePackages.userBand, expiryMonths: servicePackages.expiryMonths })
    .from(servicePackages)
    .where(eq(servicePackages.id, packageId));
  if (!pack) throw new AppError('data.not_found', { errors: [{ field: 'body.packageId', message: 'invalid' }] });
  return pack;
}

/** `months` after `start`, on the same day of the month or the month's last (31 Jan + 1 → 28 Feb), as the form's picker counts. */
export function monthsAfter(start: Date, months: number): Date {
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/**
 * The expiry a unit's pack is given: the one sent, or else the pack's term counted from the
 * start. Only a pack without a term (null months) is held without an end.
 */
function expiryOf(input: { startsAt: string; endsAt?: string | null | undefined }, pack: { expiryMonths: number | null }): Date | null {
  if (input.endsAt) return new Date(input.endsAt);
  return pack.expiryMonths === null ? null : monthsAfter(new Date(input.startsAt), pack.expiryMonths);
}

const UNIT_PACK_SORT = {
  unitName: units.name,
  packageName: servicePackages.name,
  startsAt: unitPackages.startsAt,
  endsAt: unitPackages.endsAt,
  status: unitPackages.status,
} satisfies Record<UnitPackageSortField, unknown>;

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
      const order = sortedBy(query.sort, UNIT_PACK_SORT, unitPackages.id, [desc(unitPackages.startsAt), desc(unitPackages.id)]);
      const rows = await select(db, clock.now(), where).orderBy(...order).limit(page.limit).offset(page.offset);
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
          endsAt: expiryOf(input, pack),
          isTrial: input.isTrial,
        })
        .returning({ id: unitPackages.id });
      return { id: row!.id, name: unit.name, unitId: input.unitId };
    },
    /** The unit stays the one it was given to; seats may not fall below the grants already given. */
    async update(tx, existing, input) {
      const pack = await packOf(tx, input.packageId);
      const seats = seatsOf(input.seats ?? null, pack.userBand);
      const endsAt = expiryOf(input, pack);
      const { taken: grants } = await seatsTaken(tx, existing.unitId, input.packageId);
      if (seats < grants) throw new AppError('package.seats_below_grants', { params: { grants }, errors: [{ field: 'body.seats', message: 'invalid' }] });
      await tx
        .update(unitPackages)
        .set({ packageId: input.packageId, seats, startsAt: new Date(input.startsAt), endsAt, isTrial: input.isTrial })
        .where(eq(unitPackages.id, existing.id));
      // A trial unit's banner counts the days of its trial pack: moving the pack's end moves the trial's.
      if (input.isTrial) {
        await tx.update(units).set({ expiryDate: endsAt }).where(and(eq(units.id, existing.unitId), eq(units.isTrial, true)));
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

