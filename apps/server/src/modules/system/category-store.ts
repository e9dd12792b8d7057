import { and, asc, count, eq, inArray, isNull, sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LOOKUP_GROUPS, type CategoryRecord, type categoryResource } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { categories, servicePackages, units, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { allOf, keywordMatch, outer, totalOver, toPageResult } from '../../platform/resource/search.ts';

/** Where the entries of a lookup group are used: deleting or recoding a used entry is refused. */
const USED_BY: Record<string, { table: typeof users | typeof units | typeof servicePackages; column: Column }> = {
  POSITION: { table: users, column: users.positionCode },
  DEPARTMENT: { table: users, column: users.departmentCode },
  MAX_NUMBER_USER_IN_UNIT: { table: units, column: units.numberOfEmployees },
  MONEY_TYPE: { table: servicePackages, column: servicePackages.moneyType },
};

const parent = alias(categories, 'parent');
const childCount = sql<number>`cast((select count(*) from ${categories} as child where child.parent_code = ${outer('categories', 'code')}) as integer)`;

type Row = Omit<CategoryRecord, 'createdAt'> & { createdAt: Date };
const toRecord = ({ total: _total, ...row }: Row & { total: number }): CategoryRecord => ({ ...row, createdAt: row.createdAt.toISOString() });

function select(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      id: categories.id,
      parentCode: categories.parentCode,
      parentName: parent.name,
      code: categories.code,
      name: categories.name,
      sortOrder: categories.sortOrder,
      colorCode: categories.colorCode,
      status: categories.status,
      childCount,
      createdAt: categories.createdAt,
      total: totalOver,
    })
    .from(categories)
    .leftJoin(parent, and(eq(parent.code, categories.parentCode), isNull(parent.parentCode)))
    .where(where);
}

/** A category is in use when the product reads its group, it holds entries, or a record names it. */
async function isInUse(db: Queryable, category: CategoryRecord): Promise<boolean> {
  if (category.parentCode === null) return category.childCount > 0 || (LOOKUP_GROUPS as readonly string[]).includes(category.code);
  const usage = USED_BY[category.parentCode];
  if (!usage) return false;
  const [used] = await db.select({ n: count() }).from(usage.table).where(eq(usage.column, category.code));
  return used!.n > 0;
}

async function assertParentExists(tx: Transaction, parentCode: string | null): Promise<void> {
  if (parentCode === null) return;
  const [group] = await tx.select({ id: categories.id }).from(categories).where(and(eq(categories.code, parentCode), isNull(categories.parentCode)));
  if (!group) throw new AppError('settings.category_parent_missing', { errors: [{ field: 'body.parentCode', message: 'invalid' }] });
}

export const categoryStore: ResourceStore<typeof categoryResource> = {
  async search(db, query, page) {
    const where = allOf(
      query.groupsOnly ? isNull(categories.parentCode) : undefined,
      query.parentCode ? eq(categories.parentCode, query.parentCode) : undefined,
      query.codes ? inArray(categories.code, query.codes) : undefined,
      query.status === undefined ? undefined : eq(categories.status, query.status),
      keywordMatch([categories.code, categories.name], query.keyword),
    );
    // A group comes first, then its entries in their order: the screen nests them as a tree.
    const rows = await select(db, where)
      .orderBy(sql`coalesce(${categories.parentCode}, ${categories.code})`, sql`${categories.parentCode} nulls first`, asc(categories.sortOrder), asc(categories.name))
      .limit(page.limit)
      .offset(page.offset);
    return toPageResult(rows, toRecord, page, async () => (await db.select({ n: count() }).from(categories).where(where))[0]!.n);
  },
  async find(db, id) {
    const [row] = await select(db, eq(categories.id, id));
    return row && toRecord(row);
  },
  describe: (category) => ({ id: category.id, name: `${category.parentCode ? `${category.parentCode}/` : ''}${category.code}`, unitId: null }),
  async create(tx, input) {
    await assertParentExists(tx, input.parentCode);
    const [row] = await tx.insert(categories).values(input).returning({ id: categories.id });
    return { id: row!.id, name: input.code, unitId: null };
  },
  async update(tx, existing, input) {
    const moved = input.code !== existing.code || input.parentCode !== existing.parentCode;
    if (moved && (await isInUse(tx, existing))) throw new AppError('settings.category_in_use', { errors: [{ field: 'body.code', message: 'invalid' }] });
    await assertParentExists(tx, input.parentCode);
    if (input.parentCode === existing.code) throw new AppError('settings.category_parent_missing', { errors: [{ field: 'body.parentCode', message: 'invalid' }] });
    const { id: _id, ...fields } = input;
    await tx.update(categories).set(fields).where(eq(categories.id, existing.id));
  },
  async remove(tx, existing) {
    if (await isInUse(tx, existing)) throw new AppError('settings.category_in_use');
    await tx.delete(categories).where(eq(categories.id, existing.id));
  },
  async setStatus(tx, existing, status) {
    await tx.update(categories).set({ status }).where(eq(categories.id, existing.id));
  },
};
