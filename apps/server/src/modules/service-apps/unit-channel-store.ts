import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { STATUS, type UnitChannelRecord, type UnitChannelResource, type UnitChannelSortField } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { appUsers, packageServices, servicePackages, services, unitPackages, units, unitServices } from '../../db/schema/index.ts';
import { packUsableAt } from '../../identity/packs.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { unitForWrite, withinScope } from '../../platform/resource/scope.ts';
import { allOf, keywordMatch, outer, sortedBy, totalOver, toPageResult } from '../../platform/resource/search.ts';

/**
 * By the business, then the service (or the other way), or by the access, then both: names
 * without case. The names are the joined tables', as the list's own order reads them: a unit
 * holds a handful of services, and every unit's list is the platform staff's.
 */
const ACCESS_SORT = {
  unitName: [sql`lower(${units.name})`, sql`lower(${services.name})`],
  serviceName: [sql`lower(${services.name})`, sql`lower(${units.name})`],
  status: [unitServices.status, sql`lower(${units.name})`, sql`lower(${services.name})`],
} satisfies Record<UnitChannelSortField, unknown>;

const unitId = outer('unit_services', 'unit_id');
const serviceId = outer('unit_services', 'service_id');

const invalid = (field: string) => new AppError('request.bad_request', { errors: [{ field: `body.${field}`, message: 'invalid' }] });

function select(db: Queryable, now: Date, where: SQL | undefined) {
  const bought = sql<boolean>`exists (select 1 from ${unitPackages}
      join ${servicePackages} on ${servicePackages.id} = ${unitPackages.packageId}
      join ${packageServices} on ${packageServices.packageId} = ${servicePackages.id}
      where ${unitPackages.unitId} = ${unitId} and ${packageServices.serviceId} = ${serviceId} and ${packUsableAt(now)})`;
  const grants = sql<number>`(select cast(count(*) as integer) from ${appUsers}
      where ${appUsers.unitId} = ${unitId} and ${appUsers.serviceId} = ${serviceId} and ${appUsers.status} = ${STATUS.active})`;
  return db
    .select({
      id: unitServices.id,
      unitId: unitServices.unitId,
      unitName: units.name,
      serviceId: unitServices.serviceId,
      serviceCode: services.code,
      serviceName: services.name,
      bought,
      grants,
      status: unitServices.status,
      createdAt: unitServices.createdAt,
      total: totalOver,
    })
    .from(unitServices)
    .innerJoin(units, eq(units.id, unitServices.unitId))
    .innerJoin(services, eq(services.id, unitServices.serviceId))
    .where(where);
}

type Row = Awaited<ReturnType<typeof select>>[number];
const toRecord = ({ total: _total, createdAt, bought, ...row }: Row): UnitChannelRecord => ({ ...row, bought: Boolean(bought), createdAt: createdAt.toISOString() });

/** Is a usable or not, any pack of the unit holding the service? Then the row is the pack's. */
async function heldByPack(db: Queryable, unit: string, service: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(unitPackages)
    .innerJoin(packageServices, eq(packageServices.packageId, unitPackages.packageId))
    .where(and(eq(unitPackages.unitId, unit), eq(packageServices.serviceId, service)));
  return (row?.n ?? 0) > 0;
}

/**
 * Units' access to services (unit_services). Rows appear by themselves when a pack is given
 * (a database trigger, migration 0019); platform staff add one by hand to set a unit's access
 * before its pack, and remove one no pack of the unit holds.
 */
export function unitChannelStore(clock: Clock): ResourceStore<UnitChannelResource> {
  return {
    async search(db, query, page, scope) {
      const where = allOf(
        withinScope(unitServices.unitId, scope),
        query.unitId ? eq(unitServices.unitId, query.unitId) : undefined,
        query.serviceId ? eq(unitServices.serviceId, query.serviceId) : undefined,
        query.status === undefined ? undefined : eq(unitServices.status, query.status),
        keywordMatch([units.name, services.name, services.code], query.keyword),
      );
      const rows = await select(db, clock.now(), where).orderBy(...sortedBy(query.sort, ACCESS_SORT, unitServices.id, [asc(units.name), asc(services.sortOrder), asc(services.name)])).limit(page.limit).offset(page.offset);
      return toPageResult(rows, toRecord, page, async () =>
        (await db.select({ n: count() }).from(unitServices).innerJoin(units, eq(units.id, unitServices.unitId)).innerJoin(services, eq(services.id, unitServices.serviceId)).where(where))[0]!.n,
      );
    },
    async find(db, id, scope) {
      const [row] = await select(db, clock.now(), allOf(eq(unitServices.id, id), withinScope(unitServices.unitId, scope)));
      return row && toRecord(row);
    },
    describe: (access) => ({ id: access.id, name: `${access.unitName}: ${access.serviceCode}`, unitId: access.unitId }),
    async create(tx, input, op) {
      const unit = unitForWrite(op.scope, input.unitId);
      const [known] = await tx.select({ name: units.name }).from(units).where(eq(units.id, unit));
      if (!known) throw invalid('unitId');
      const [service] = await tx.select({ code: services.code }).from(services).where(eq(services.id, input.serviceId));
      if (!service) throw invalid('serviceId');
      // A unit's second row for the service is refused by the unique index (platform/unique-violations.ts).
      const [row] = await tx.insert(unitServices).values({ unitId: unit, serviceId: input.serviceId, status: input.status }).returning({ id: unitServices.id });
      return { id: row!.id, name: `${known.name}: ${service.code}`, unitId: unit };
    },
    /** Only the access switches: another unit or service is another row. */
    async update(tx, existing, input) {
      if (input.unitId !== existing.unitId) throw invalid('unitId');
      if (input.serviceId !== existing.serviceId) throw invalid('serviceId');
      await tx.update(unitServices).set({ status: input.status }).where(eq(unitServices.id, existing.id));
    },
    async remove(tx, existing) {
      if (await heldByPack(tx, existing.unitId, existing.serviceId)) throw new AppError('service.held_by_pack');
      await tx.delete(unitServices).where(eq(unitServices.id, existing.id));
    },
    async setStatus(tx, existing, status) {
      await tx.update(unitServices).set({ status }).where(eq(unitServices.id, existing.id));
    },
  };
}
