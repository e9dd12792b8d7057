import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { BUILT_IN_ROLES, type RoleRecord, type roleResource, type RoleSortField } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { roles, userRoles } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { allOf, keywordMatch, outer, sortedBy, totalOver, toPageResult } from '../../platform/resource/search.ts';

const holders = sql<number>`cast((select count(*) from ${userRoles} where ${userRoles.roleId} = ${outer('roles', 'id')}) as integer)`;

const columns = {
  id: roles.id,
  code: roles.code,
  scope: roles.scope,
  name: roles.name,
  description: roles.description,
  status: roles.status,
  isBuiltIn: roles.isBuiltIn,
  createdAt: roles.createdAt,
  userCount: holders,
};

type Row = Omit<RoleRecord, 'createdAt' | 'scope'> & { scope: string; createdAt: Date };

// `shared` below keeps agency roles out, so the scope is one of the record's two.
const toRecord = (row: Row): RoleRecord => ({ ...row, scope: row.scope as RoleRecord['scope'], createdAt: row.createdAt.toISOString() });

/** Roles shared by the whole platform (not a unit's or an agency's own roles). */
const shared = and(isNull(roles.unitId), ne(roles.scope, 'agency'));

async function assertNameFree(db: Queryable, name: string, exceptId?: string): Promise<void> {
  const [same] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(shared, sql`lower(${roles.name}) = ${name.toLowerCase()}`, exceptId ? ne(roles.id, exceptId) : undefined));
  if (same) throw new AppError('account.permission_object_exists');
}

/** Roles by name without case, creation or status: a few dozen a list, no index of their own. */
const ROLE_SORT = { name: sql`lower(${roles.name})`, createdAt: roles.createdAt, status: roles.status } satisfies Record<RoleSortField, unknown>;

export function isSuperAdminRole(role: Pick<RoleRecord, 'code'>): boolean {
  return role.code === BUILT_IN_ROLES.superAdmin;
}

/** System roles: platform-wide objects, reached only by platform staff. */
export const roleStore: ResourceStore<typeof roleResource> = {
  async search(db, query, page) {
    const where = allOf(
      shared,
      query.scope === 'all' ? undefined : eq(roles.scope, query.scope),
      keywordMatch([roles.name, roles.description], query.keyword),
      query.status === undefined ? undefined : eq(roles.status, query.status),
    );
    const rows = await db
      .select({ ...columns, total: totalOver })
      .from(roles)
      .where(where)
      .orderBy(...sortedBy(query.sort, ROLE_SORT, roles.id, [asc(roles.scope), sql`${roles.isBuiltIn} desc`, asc(roles.name)]))
      .limit(page.limit)
      .offset(page.offset);
    return toPageResult(rows, toRecord, page, async () => (await db.select({ n: count() }).from(roles).where(where))[0]!.n);
  },

  async find(db, id) {
    const [row] = await db.select(columns).from(roles).where(and(shared, eq(roles.id, id)));
    return row && toRecord(row);
  },

  describe: (role) => ({ id: role.id, name: role.name, unitId: null }),

  async create(tx, input) {
    await assertNameFree(tx, input.name);
    const [created] = await tx
      .insert(roles)
      .values({ name: input.name, description: input.description, scope: 'platform' })
      .returning({ id: roles.id });
    return { id: created!.id, name: input.name, unitId: null };
  },

  async update(tx, existing, input) {
    await assertNameFree(tx, input.name, existing.id);
    await tx.update(roles).set({ name: input.name, description: input.description }).where(eq(roles.id, existing.id));
  },

  /** Built-in roles stay: the platform and every unit depend on them. */
  async remove(tx, existing) {
    if (existing.isBuiltIn) throw new AppError('account.delete_failed');
    await tx.delete(roles).where(eq(roles.id, existing.id));
  },

  async setStatus(tx, existing, status) {
    // Switching the super-admin role off would lock every administrator out.
    if (isSuperAdminRole(existing) && status !== 1) throw new AppError('account.update_failed');
    await tx.update(roles).set({ status }).where(eq(roles.id, existing.id));
  },
};
