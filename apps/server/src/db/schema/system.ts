import { jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, updatedAt } from './columns.ts';

/** Small facts about the installation itself (e.g. that demo data was seeded). */
export const systemState = pgTable('system_state', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: updatedAt(),
});

/** A typed key/value settings table: the live settings and their defaults share the shape. */
function settingsTable(name: 'config_data' | 'config_data_defaults') {
  return pgTable(
    name,
    {
      id: id(),
      key: text().notNull(),
      value: text().notNull().default(''),
      valueType: text({ enum: ['text', 'number', 'boolean', 'email', 'url'] }).notNull(),
      description: text(),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [uniqueIndex(`${name}_key_key`).on(sql`upper(${t.key})`)],
  );
}

/** /system/config-data-manage: the settings in force, read by the portal without a restart. */
export const configData = settingsTable('config_data');
/** The defaults the "sync list" restores settings from. */
export const configDataDefaults = settingsTable('config_data_defaults');
