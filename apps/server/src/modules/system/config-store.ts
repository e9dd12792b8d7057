import { asc, count, eq, type SQL } from 'drizzle-orm';
import { isSystemSettingKey, type ConfigRecord, type ConfigResource } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import type { configData } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { allOf, keywordMatch, totalOver, toPageResult } from '../../platform/resource/search.ts';

/** The live settings or their defaults: two tables of one shape. */
export type SettingsTable = typeof configData;

type Row = SettingsTable['$inferSelect'];
const toRecord = (row: Row): ConfigRecord => ({
  id: row.id,
  key: row.key,
  value: row.value,
  valueType: row.valueType,
  description: row.description,
  isSystem: isSystemSettingKey(row.key),
  updatedAt: row.updatedAt.toISOString(),
});

/** The portal's own settings keep their key: it is what the code reads. */
function assertKeyKept(existing: ConfigRecord, key: string): void {
  if (existing.isSystem && key !== existing.key) throw new AppError('settings.common_key_not_editable', { errors: [{ field: 'body.key', message: 'invalid' }] });
}

export function configStore(table: SettingsTable): ResourceStore<ConfigResource> {
  const select = (db: Queryable, where: SQL | undefined) => db.select({ row: table, total: totalOver }).from(table).where(where);
  return {
    async search(db, query, page) {
      const where = allOf(query.valueType ? eq(table.valueType, query.valueType) : undefined, keywordMatch([table.key, table.value, table.description], query.keyword));
      const rows = await select(db, where).orderBy(asc(table.key)).limit(page.limit).offset(page.offset);
      return toPageResult(rows, ({ row }) => toRecord(row), page, async () => (await db.select({ n: count() }).from(table).where(where))[0]!.n);
    },
    async find(db, id) {
      const [found] = await select(db, eq(table.id, id));
      return found && toRecord(found.row);
    },
    describe: (record) => ({ id: record.id, name: record.key, unitId: null }),
    async create(tx, input) {
      const [row] = await tx.insert(table).values(input).returning();
      return { id: row!.id, name: row!.key, unitId: null };
    },
    async update(tx, existing, input) {
      assertKeyKept(existing, input.key);
      const { id: _id, ...fields } = input;
      await tx.update(table).set(fields).where(eq(table.id, existing.id));
    },
    async remove(tx, existing) {
      if (existing.isSystem) throw new AppError('settings.common_key_not_editable');
      await tx.delete(table).where(eq(table.id, existing.id));
    },
  };
}
