import { asc, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AgencyRecord, AgencySortField, agencyResource } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { agencies, units, users } from '../../db/schema/index.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { withinAgency, type Scope } from '../../platform/resource/scope.ts';
import { allOf, keywordMatch, outer, sortedBy, totalOver, toPageResult } from '../../platform/resource/search.ts';
import { endMembersSessions } from '../user/account-changes.ts';

const agencyId = outer('agencies', 'id');
const columns = {
  ...getTableColumns(agencies),
  unitCount: sql<number>`cast((select count(*) from ${units} where ${units.agencyId} = ${agencyId}) as integer)`,
  trialUnitCount: sql<number>`cast((select count(*) from ${units} where ${units.agencyId} = ${agencyId} and ${units.isTrial}) as integer)`,
  userCount: sql<number>`cast((select count(*) from ${users} where ${users.agencyId} = ${agencyId}) as integer)`,
};

type Row = typeof agencies.$inferSelect & { unitCount: number; trialUnitCount: number; userCount: number };

function toRecord(row: Row): AgencyRecord {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    address: row.address,
    taxCode: row.taxCode,
    status: row.status,
    commissionPercent: row.commissionBasisPoints / 100,
    commissionBasis: row.commissionBasis,
    contractStartDate: row.contractStartDate?.toISOString() ?? null,
    contractEndDate: row.contractEndDate?.toISOString() ?? null,
    unitCount: row.unitCount,
    trialUnitCount: row.trialUnitCount,
    userCount: row.userCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An agency's own record only, for its users; every agency for platform staff. */
const inScope = (scope: Scope) => withinAgency(agencies.id, scope);

type Input = Parameters<NonNullable<ResourceStore<typeof agencyResource>['create']>>[1];

function agencyColumns(input: Input) {
  return {
    name: input.name,
    code: input.code,
    contactName: input.contactName,
    contactEmail: input.contactEmail,
    contactPhone: input.contactPhone,
    address: input.address,
    taxCode: input.taxCode,
    // Kept in hundredths of a percent: 12.345 % is stored (and answered) as 12.35 %.
    commissionBasisPoints: Math.round(input.commissionPercent * 100),
    commissionBasis: input.commissionBasis,
    contractStartDate: input.contractStartDate ? new Date(input.contractStartDate) : null,
    contractEndDate: input.contractEndDate ? new Date(input.contractEndDate) : null,
  };
}

function select(db: Queryable, where: SQL | undefined) {
  return db.select(columns).from(agencies).where(where);
}

const AGENCY_SORT = {
  name: agencies.name,
  code: agencies.code,
  createdAt: agencies.createdAt,
  contractStartDate: agencies.contractStartDate,
  contractEndDate: agencies.contractEndDate,
  status: agencies.status,
} satisfies Record<AgencySortField, unknown>;

export const agencyStore: ResourceStore<typeof agencyResource> = {
  async search(db, query, page, scope) {
    const where = allOf(
      inScope(scope),
      keywordMatch([agencies.name, agencies.code, agencies.taxCode, agencies.contactName, agencies.contactEmail], query.keyword),
      query.status === undefined ? undefined : eq(agencies.status, query.status),
    );
    const rows = await db
      .select({ ...columns, total: totalOver })
      .from(agencies)
      .where(where)
      .orderBy(...sortedBy(query.sort, AGENCY_SORT, agencies.id, [desc(agencies.createdAt), asc(agencies.id)]))
      .limit(page.limit)
      .offset(page.offset);
    return toPageResult(rows, toRecord, page, async () => (await db.select({ n: count() }).from(agencies).where(where))[0]!.n);
  },

  async find(db, id, scope) {
    const [row] = await select(db, allOf(inScope(scope), eq(agencies.id, id)));
    return row && toRecord(row);
  },

  describe: (agency) => ({ id: agency.id, name: agency.name, unitId: null }),

  async create(tx, input) {
    const [created] = await tx.insert(agencies).values(agencyColumns(input)).returning({ id: agencies.id });
    return { id: created!.id, name: input.name, unitId: null };
  },

  async update(tx, existing, input) {
    await tx.update(agencies).set(agencyColumns(input)).where(eq(agencies.id, existing.id));
  },

  /** The agency's users and roles go with it; the units it brought stay, no longer attributed. */
  async remove(tx, existing, op) {
    await endMembersSessions(tx, { agencyId: existing.id }, op);
    await tx.delete(agencies).where(eq(agencies.id, existing.id));
  },

  /** A suspended agency's users are signed out and cannot sign in until it is active again. */
  async setStatus(tx, existing, status, op) {
    await tx.update(agencies).set({ status }).where(eq(agencies.id, existing.id));
    if (status !== existing.status) await endMembersSessions(tx, { agencyId: existing.id }, op);
  },
};
