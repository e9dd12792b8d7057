import { asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { paymentAmount, type ServicePackageRecord, type ServicePackageResource, type ServicePackageSave, type ServicePackageSortField } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { packageServices, servicePackages, services, unitPackages } from '../../db/schema/index.ts';
import { bandOf, packOnOffer } from '../../identity/packs.ts';
import { AppError } from '../../platform/errors.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { allOf, keywordMatch, outer, sortedBy, totalOver, toPageResult } from '../../platform/resource/search.ts';

const packId = outer('service_packages', 'id');
const serviceIds = sql<string[]>`coalesce((select array_agg(${packageServices.serviceId}::text order by ${services.sortOrder}, ${services.name}) from ${packageServices} join ${services} on ${services.id} = ${packageServices.serviceId} where ${packageServices.packageId} = ${packId}), '{}')`;
/** The names of a pack's services, in the services' order (any query selecting service_packages). */
export const serviceNames = sql<string[]>`coalesce((select array_agg(${services.name} order by ${services.sortOrder}, ${services.name}) from ${packageServices} join ${services} on ${services.id} = ${packageServices.serviceId} where ${packageServices.packageId} = ${packId}), '{}')`;
const unitsUsing = sql<number>`(select cast(count(distinct ${unitPackages.unitId}) as integer) from ${unitPackages} where ${unitPackages.packageId} = ${packId})`;

function select(db: Queryable, where: SQL | undefined) {
  return db.select({ pack: servicePackages, serviceIds, serviceNames, unitsUsing, total: totalOver }).from(servicePackages).where(where);
}

type Row = Awaited<ReturnType<typeof select>>[number];
function toRecord({ pack, serviceIds: ids, serviceNames: names, unitsUsing: using }: Row): ServicePackageRecord {
  const userBand = bandOf(pack.userBand);
  const price = Number(pack.pricePerUserMonth);
  const discount = Number(pack.discountPercent);
  return {
    id: pack.id,
    name: pack.name,
    level: pack.level as ServicePackageRecord['level'],
    userBand,
    serviceIds: ids,
    serviceNames: names,
    pricePerUserMonth: price,
    discountPercent: discount,
    paymentAmount: paymentAmount(price, discount, userBand),
    moneyType: pack.moneyType,
    highlightFeatures: pack.highlightFeatures,
    trialDays: pack.trialDays,
    expiryMonths: pack.expiryMonths,
    unitsUsing: Number(using),
    status: pack.status,
    createdAt: pack.createdAt.toISOString(),
  };
}

/** Every service named must exist; the pack then holds exactly those. */
async function setServices(tx: Transaction, packageId: string, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const known = await tx.select({ id: services.id }).from(services).where(inArray(services.id, unique));
  if (known.length !== unique.length) throw new AppError('data.not_found', { errors: [{ field: 'body.serviceIds', message: 'invalid' }] });
  await tx.delete(packageServices).where(eq(packageServices.packageId, packageId));
  await tx.insert(packageServices).values(unique.map((serviceId) => ({ packageId, serviceId })));
}

function columnsOf(input: ServicePackageSave & { discountPercent: number }) {
  return {
    name: input.name,
    level: input.level,
    userBand: input.userBand,
    pricePerUserMonth: String(input.pricePerUserMonth),
    discountPercent: String(input.discountPercent),
    highlightFeatures: input.highlightFeatures ?? null,
    trialDays: input.trialDays ?? null,
    expiryMonths: input.expiryMonths ?? null,
  };
}

/** The packs units can buy now (active), by name: the upgrade screen's offer. */
export async function activePacks(db: Queryable): Promise<ServicePackageRecord[]> {
  const rows = await select(db, packOnOffer()).orderBy(asc(servicePackages.name), asc(servicePackages.id));
  return rows.map(toRecord);
}

const PACK_SORT = {
  name: servicePackages.name,
  expiryMonths: servicePackages.expiryMonths,
  createdAt: servicePackages.createdAt,
  status: servicePackages.status,
} satisfies Record<ServicePackageSortField, unknown>;

export const servicePackageStore: ResourceStore<ServicePackageResource> = {
  async search(db, query, page) {
    const where = allOf(
      query.status === undefined ? undefined : eq(servicePackages.status, query.status),
      query.level ? eq(servicePackages.level, query.level) : undefined,
      keywordMatch([servicePackages.name], query.keyword),
    );
    const order = sortedBy(query.sort, PACK_SORT, servicePackages.id, [asc(servicePackages.name), asc(servicePackages.id)]);
    const rows = await select(db, where).orderBy(...order).limit(page.limit).offset(page.offset);
    return toPageResult(rows, toRecord, page, async () => (await db.select({ n: count() }).from(servicePackages).where(where))[0]!.n);
  },
  async find(db, id) {
    const [row] = await select(db, eq(servicePackages.id, id));
    return row && toRecord(row);
  },
  describe: (pack) => ({ id: pack.id, name: pack.name, unitId: null }),
  async create(tx, input) {
    const [row] = await tx.insert(servicePackages).values(columnsOf(input)).returning({ id: servicePackages.id });
    await setServices(tx, row!.id, input.serviceIds);
    return { id: row!.id, name: input.name, unitId: null };
  },
  async update(tx, existing, input) {
    await tx.update(servicePackages).set(columnsOf(input)).where(eq(servicePackages.id, existing.id));
    await setServices(tx, existing.id, input.serviceIds);
  },
  /**
   * A pack units hold can be deleted (the screen asks first): their registrations of it end
   * with it, so its services close for them unless another of their packs holds them.
   */
  async remove(tx, existing) {
    await tx.delete(unitPackages).where(eq(unitPackages.packageId, existing.id));
    await tx.delete(servicePackages).where(eq(servicePackages.id, existing.id));
  },
  async setStatus(tx, existing, status) {
    await tx.update(servicePackages).set({ status }).where(eq(servicePackages.id, existing.id));
  },
};
