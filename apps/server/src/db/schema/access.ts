import { boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, status, updatedAt } from './columns.ts';
import { units } from './units.ts';
import { agencies } from './agency.ts';

/** The permission catalogue, seeded from contracts at every start. */
export const permissions = pgTable('permissions', {
  code: text().primaryKey(),
  module: text().notNull(),
  feature: text().notNull(),
  action: text().notNull(),
  isUnitLevel: boolean().notNull(),
});

/** Roles: platform ("system") roles for staff, the built-in unit roles, and each agency's own roles. */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    code: text().unique(),
    name: text().notNull(),
    description: text(),
    scope: text({ enum: ['platform', 'unit', 'agency'] }).notNull(),
    unitId: uuid().references(() => units.id, { onDelete: 'cascade' }),
    agencyId: uuid().references(() => agencies.id, { onDelete: 'cascade' }),
    status: status(),
    isBuiltIn: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('roles_unit_id_idx').on(t.unitId), index('roles_agency_id_idx').on(t.agencyId)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionCode: text()
      .notNull()
      .references(() => permissions.code, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionCode] })],
);

/** The menu catalogue, seeded from contracts at every start. */
export const menus = pgTable('menus', {
  code: text().primaryKey(),
  parentCode: text(),
  route: text().notNull(),
  icon: text(),
  sortOrder: integer().notNull(),
  permissionCode: text().references(() => permissions.code, { onDelete: 'set null' }),
});
