import { and, asc, count, desc, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import { BUILT_IN_ROLES, type PageResult, type SortRequest, type UnitRecord, type UnitSortField, type unitResource } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { agencies, roles, units, userRoles, users } from '../../db/schema/index.ts';
import { generatePassword, hashPassword } from '../../identity/passwords.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { assertAgencyExists, unitsWithin, type Scope } from '../../platform/resource/scope.ts';
import { allOf, keywordMatch, sortedBy, totalOver, toPageResult, type SearchPage } from '../../platform/resource/search.ts';
import { endMembersSessions, mailNewAccount } from '../user/account-changes.ts';
import { createUnitWithAdmin } from './create-unit.ts';

type UnitRow = typeof units.$inferSelect & { agencyName: string | null };

/** A unit with the name of the agency that brought it. */
export const unitColumns = { ...getTableColumns(units), agencyName: agencies.name };

/** Each unit's administrator (its first ADMINENTERPRISE) and head count, for a page of units. */
async function adminsAndCounts(db: Queryable, unitIds: string[]) {
  if (unitIds.length === 0) return { admins: new Map<string, { id: string; username: string; email: string }>(), counts: new Map<string, number>() };
  const adminRows = await db
    .select({ unitId: users.unitId, id: users.id, username: users.username, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(users.unitId, unitIds), eq(roles.code, BUILT_IN_ROLES.unitAdmin)))
    .orderBy(asc(users.createdAt));
  const countRows = await db
    .select({ unitId: users.unitId, n: count() })
    .from(users)
    .where(inArray(users.unitId, unitIds))
    .groupBy(users.unitId);
  const admins = new Map<string, { id: string; username: string; email: string }>();
  for (const row of adminRows) if (!admins.has(row.unitId!)) admins.set(row.unitId!, row);
  return { admins, counts: new Map(countRows.map((row) => [row.unitId!, row.n])) };
}

export async function toRecords(db: Queryable, rows: UnitRow[]): Promise<UnitRecord[]> {
  const { admins, counts } = await adminsAndCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const admin = admins.get(row.id);
    return {
      id: row.id,
      name: row.name,
      businessCode: row.businessCode,
      numberOfEmployees: row.numberOfEmployees,
      shortName: row.shortName,
      address: row.address,
      tenantId: row.tenantId,
      status: row.status,
      isTrial: row.isTrial,
      expiryDate: row.expiryDate?.toISOString() ?? null,
      registrationDate: row.registrationDate.toISOString(),
      adminUserId: admin?.id ?? null,
      adminUsername: admin?.username ?? null,
      adminEmail: admin?.email ?? null,
      userCount: counts.get(row.id) ?? 0,
      agencyId: row.agencyId,
      agencyName: row.agencyName,
    };
  });
}

/** The units of a search, within the caller's reach. */
export function unitSearchWhere(query: { keyword?: string | undefined; status?: number | undefined; isTrial?: boolean | undefined; agencyId?: string | undefined }, scope: Scope) {
  return allOf(
    unitsWithin(scope),
    query.agencyId === undefined ? undefined : eq(units.agencyId, query.agencyId),
    keywordMatch([units.name, units.businessCode, units.shortName, units.tenantId], query.keyword),
    query.status === undefined ? undefined : eq(units.status, query.status),
    query.isTrial === undefined ? undefined : eq(units.isTrial, query.isTrial),
  );
}

const UNIT_SORT = {
  name: units.name,
  businessCode: units.businessCode,
  registrationDate: units.registrationDate,
  expiryDate: units.expiryDate,
  status: units.status,
} satisfies Record<UnitSortField, unknown>;

/** A page of units (newest first, or as the user sorted them) as records. */
export async function searchUnits(db: Queryable, where: SQL | undefined, page: SearchPage, sort?: SortRequest<UnitSortField>): Promise<PageResult<UnitRecord>> {
  const rows = await db
    .select({ unit: unitColumns, total: totalOver })
    .from(units)
    .leftJoin(agencies, eq(agencies.id, units.agencyId))
    .where(where)
    .orderBy(...sortedBy(sort, UNIT_SORT, units.id, [desc(units.registrationDate), asc(units.id)]))
    .limit(page.limit)
    .offset(page.offset);
  const records = await toRecords(
    db,
    rows.map((row) => row.unit),
  );
  return toPageResult(
    rows.map((row, index) => ({ total: row.total, record: records[index]! })),
    (row) => row.record,
    page,
    async () => (await db.select({ n: count() }).from(units).where(where))[0]!.n,
  );
}

/** One unit within the caller's reach. */
export async function findUnit(db: Queryable, id: string, scope: Scope): Promise<UnitRecord | undefined> {
  const rows = await db.select(unitColumns).from(units).leftJoin(agencies, eq(agencies.id, units.agencyId)).where(allOf(unitsWithin(scope), eq(units.id, id)));
  return (await toRecords(db, rows))[0];
}

/** Units are platform-wide objects; agencies reach the ones they brought through their own calls. */
export const unitStore: ResourceStore<typeof unitResource> = {
  search: (db, query, page, scope) => searchUnits(db, unitSearchWhere(query, scope), page, query.sort),
  find: findUnit,
  describe: (unit) => ({ id: unit.id, name: unit.name, unitId: unit.id }),

  async create(tx, input, op) {
    if (input.agencyId) await assertAgencyExists(tx, input.agencyId);
    const password = input.adminPassword ?? generatePassword();
    const { unitId } = await createUnitWithAdmin(
      tx,
      { ...input, agencyId: input.agencyId ?? null, expiryDate: input.expiryDate ? new Date(input.expiryDate) : null },
      { username: input.adminUsername, email: input.adminEmail, passwordHash: await hashPassword(password), passwordChangeRequired: !input.adminPassword },
    );
    if (!input.adminPassword) await mailNewAccount(tx, op, { username: input.adminUsername, email: input.adminEmail, password, organisation: input.name });
    return { id: unitId, name: input.name, unitId };
  },

  async update(tx, existing, input) {
    if (input.agencyId) await assertAgencyExists(tx, input.agencyId);
    await tx
      .update(units)
      .set({
        name: input.name,
        businessCode: input.businessCode,
        numberOfEmployees: input.numberOfEmployees,
        shortName: input.shortName,
        address: input.address,
        isTrial: input.isTrial,
        expiryDate: input.expiryDate ? new Date(input.expiryDate) : null,
        // Left out, the attribution stays; null detaches the unit from its agency.
        ...(input.agencyId === undefined ? {} : { agencyId: input.agencyId }),
      })
      .where(eq(units.id, existing.id));
  },

  /** Deleting a unit removes its users from the system, with their sessions. */
  async remove(tx, existing, op) {
    await endMembersSessions(tx, { unitId: existing.id }, op);
    await tx.delete(units).where(eq(units.id, existing.id));
  },

  async setStatus(tx, existing, status, op) {
    await tx.update(units).set({ status }).where(eq(units.id, existing.id));
    if (status !== existing.status) await endMembersSessions(tx, { unitId: existing.id }, op);
  },
};
