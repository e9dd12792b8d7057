import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { isSystemSettingKey, type ConfigRecord, type ConfigResource, type ConfigSortField } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { configData, configDataDefaults } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { allOf, keywordMatch, sortedBy, totalOver, toPageResult } from '../../platform/resource/search.ts';

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
  // Keys read without case, as the unique index compares them.
  const sortable = { key: sql`upper(${table.key})`, valueType: table.valueType, updatedAt: table.updatedAt } satisfies Record<ConfigSortField, unknown>;
  return {
    async search(db, query, page) {
      const where = allOf(query.valueType ? eq(table.valueType, query.valueType) : undefined, keywordMatch([table.key, table.value, table.description], query.keyword));
      const order = sortedBy(query.sort, sortable, table.id, [asc(table.key), asc(table.id)]);
      const rows = await select(db, where).orderBy(...order).limit(page.limit).offset(page.offset);
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

/** Every default becomes the setting of its key again (keys compared without case); settings without a default stay. */
export async function restoreDefaults(tx: Transaction): Promise<{ restored: number; added: number }> {
  const defaults = await tx.select().from(configDataDefaults);
  let restored = 0;
  let added = 0;
  for (const entry of defaults) {
    const fields = { value: entry.value, valueType: entry.valueType, description: entry.description };
    const same = sql`upper(${configData.key}) = ${entry.key.toUpperCase()}`;
    const [current] = await tx.select({ value: configData.value, valueType: configData.valueType }).from(configData).where(same);
    if (!current) {
      await tx.insert(configData).values({ key: entry.key, ...fields });
      added += 1;
    } else if (current.value !== entry.value || current.valueType !== entry.valueType) {
      await tx.update(configData).set(fields).where(same);
      restored += 1;
    }
  }
  return { restored, added };
}
