import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AgencyRoleRecord, agencyRoleResource, AgencyRoleSortField } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { agencies, roles, userRoles } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { assertAgencyExists, agencyForWrite, isPlatform, withinAgency, type Scope } from '../../platform/resource/scope.ts';
import { allOf, keywordMatch, outer, sortedBy, totalOver, toPageResult } from '../../platform/resource/search.ts';

const columns = {
  id: roles.id,
  agencyId: roles.agencyId,
  agencyName: agencies.name,
  name: roles.name,
  description: roles.description,
  status: roles.status,
  userCount: sql<number>`cast((select count(*) from ${userRoles} where ${userRoles.roleId} = ${outer('roles', 'id')}) as integer)`,
  createdAt: roles.createdAt,
};

type Row = Omit<AgencyRoleRecord, 'createdAt' | 'agencyId'> & { agencyId: string | null; createdAt: Date };

const toRecord = (row: Row): AgencyRoleRecord => ({ ...row, agencyId: row.agencyId!, createdAt: row.createdAt.toISOString() });

/** An agency's roles by name without case, creation or status (a handful per agency). */
const AGENCY_ROLE_SORT = { name: sql`lower(${roles.name})`, createdAt: roles.createdAt, status: roles.status } satisfies Record<AgencyRoleSortField, unknown>;

/** Agency roles within the caller's reach: their own agency's, or every agency's for platform staff. */
export const agencyRolesWithin = (scope: Scope): SQL => and(eq(roles.scope, 'agency'), withinAgency(roles.agencyId, scope))!;

function select(db: Queryable, where: SQL | undefined) {
  return db.select(columns).from(roles).innerJoin(agencies, eq(agencies.id, roles.agencyId)).where(where);
}

/** Role names are unique within an agency. */
async function assertNameFree(tx: Transaction, agencyId: string, name: string, exceptId?: string): Promise<void> {
  const [same] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.agencyId, agencyId), sql`lower(${roles.name}) = ${name.toLowerCase()}`, exceptId ? ne(roles.id, exceptId) : undefined));
  if (same) throw new AppError('agency.role_name_exists');
}

export async function findAgencyRole(db: Queryable, id: string, scope: Scope): Promise<AgencyRoleRecord | undefined> {
  const [row] = await select(db, and(agencyRolesWithin(scope), eq(roles.id, id)));
  return row && toRecord(row);
}

export const agencyRoleStore: ResourceStore<typeof agencyRoleResource> = {
  async search(db, query, page, scope) {
    const where = allOf(
      agencyRolesWithin(scope),
      query.agencyId ? eq(roles.agencyId, query.agencyId) : undefined,
      keywordMatch([roles.name, roles.description], query.keyword),
      query.status === undefined ? undefined : eq(roles.status, query.status),
    );
    const rows = await db
      .select({ ...columns, total: totalOver })
      .from(roles)
      .innerJoin(agencies, eq(agencies.id, roles.agencyId))
      .where(where)
      .orderBy(...sortedBy(query.sort, AGENCY_ROLE_SORT, roles.id, [asc(agencies.name), asc(roles.name), asc(roles.id)]))
      .limit(page.limit)
      .offset(page.offset);
    return toPageResult(rows, toRecord, page, async () => (await db.select({ n: count() }).from(roles).where(where))[0]!.n);
  },

  find: findAgencyRole,

  describe: (role) => ({ id: role.id, name: role.name, unitId: null }),

  async create(tx, input, op) {
    const agencyId = agencyForWrite(op.scope, input.agencyId);
    if (isPlatform(op.scope)) await assertAgencyExists(tx, agencyId);
    await assertNameFree(tx, agencyId, input.name);
    const [created] = await tx.insert(roles).values({ name: input.name, description: input.description, scope: 'agency', agencyId }).returning({ id: roles.id });
    return { id: created!.id, name: input.name, unitId: null };
  },

  /** The agency a role belongs to never changes. */
  async update(tx, existing, input) {
    await assertNameFree(tx, existing.agencyId, input.name, existing.id);
    await tx.update(roles).set({ name: input.name, description: input.description }).where(eq(roles.id, existing.id));
  },

  async remove(tx, existing) {
    await tx.delete(roles).where(eq(roles.id, existing.id));
  },

  async setStatus(tx, existing, status) {
    await tx.update(roles).set({ status }).where(eq(roles.id, existing.id));
  },
};
