import { eq, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  BASE_SERVICES,
  BUILT_IN_ROLES,
  LOOKUP_GROUPS,
  LOOKUP_SEED,
  MENU_CATALOGUE,
  PERMISSIONS,
  SYSTEM_SETTINGS,
  EMAIL_TEMPLATE_TYPES,
  LANGUAGES,
  type EmailTemplateType,
  type LookupGroup,
  UNIT_ADMIN_PERMISSIONS,
  UNIT_USER_PERMISSIONS,
  type PermissionName,
} from '@portal/contracts';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Transaction } from '../db/client.ts';
import { categories, configData, configDataDefaults, emailTemplates, menus, permissions, rolePermissions, roles, services } from '../db/schema/index.ts';
import { DEFAULT_EMAIL_TEMPLATES } from '../platform/mail/default-templates.ts';

/**
 * Makes a catalogue's table hold exactly `rows`: each written by its code (the columns in `set`
 * take the catalogue's values), every code the catalogue no longer has removed.
 */
async function mirror<T extends typeof permissions | typeof menus>(tx: Transaction, table: T, rows: (PgInsertValue<T> & { code: string })[], set: Record<string, SQL>): Promise<void> {
  await tx.insert(table).values(rows).onConflictDoUpdate({ target: table.code, set });
  await tx.delete(table).where(notInArray(table.code, rows.map((row) => row.code)));
}

/** Makes the permission table equal to the catalogue in contracts (the catalogue is the truth). */
async function syncPermissions(tx: Transaction): Promise<void> {
  const rows = PERMISSIONS.map((p) => ({
    code: p.name,
    module: p.module,
    feature: p.feature,
    action: p.action,
    isUnitLevel: p.unit,
  }));
  await mirror(tx, permissions, rows, {
    module: sql`excluded.module`,
    feature: sql`excluded.feature`,
    action: sql`excluded.action`,
    isUnitLevel: sql`excluded.is_unit_level`,
  });
}

async function syncMenus(tx: Transaction): Promise<void> {
  let order = 0;
  const rows = MENU_CATALOGUE.flatMap((section) => [
    {
      code: section.code,
      parentCode: null,
      route: section.route,
      icon: section.icon,
      sortOrder: (order += 10),
      permissionCode: section.permission ?? null,
    },
    ...section.items.map((item) => ({
      code: item.code,
      parentCode: section.code,
      route: item.route,
      icon: null,
      sortOrder: (order += 10),
      permissionCode: item.permission,
    })),
  ]);
  await mirror(tx, menus, rows, {
    parentCode: sql`excluded.parent_code`,
    route: sql`excluded.route`,
    icon: sql`excluded.icon`,
    sortOrder: sql`excluded.sort_order`,
    permissionCode: sql`excluded.permission_code`,
  });
}

const BUILT_IN_ROLE_SEEDS = [
  {
    code: BUILT_IN_ROLES.superAdmin,
    name: 'Super admin',
    description: 'Toàn quyền quản trị nền tảng',
    scope: 'platform' as const,
    permissions: PERMISSIONS.map((p) => p.name),
  },
  {
    code: BUILT_IN_ROLES.unitAdmin,
    name: 'ADMINENTERPRISE',
    description: 'Quản trị viên đơn vị',
    scope: 'unit' as const,
    permissions: UNIT_ADMIN_PERMISSIONS,
  },
  {
    code: BUILT_IN_ROLES.unitUser,
    name: 'USERUNIT',
    description: 'Người dùng đơn vị',
    scope: 'unit' as const,
    permissions: UNIT_USER_PERMISSIONS,
  },
];

async function grant(tx: Transaction, roleId: string, codes: readonly PermissionName[]): Promise<void> {
  if (codes.length === 0) return;
  await tx
    .insert(rolePermissions)
    .values(codes.map((permissionCode) => ({ roleId, permissionCode })))
    .onConflictDoNothing();
}

/**
 * Creates the built-in roles with their permissions. The super-admin role is topped up at
 * every start so it keeps holding every permission; the unit roles are seeded once and then
 * belong to the administrators.
 */
async function seedRoles(tx: Transaction): Promise<void> {
  for (const seed of BUILT_IN_ROLE_SEEDS) {
    const [created] = await tx
      .insert(roles)
      .values({ code: seed.code, name: seed.name, description: seed.description, scope: seed.scope, isBuiltIn: true })
      .onConflictDoNothing()
      .returning({ id: roles.id });
    if (created) await grant(tx, created.id, seed.permissions);
  }
  const [superAdmin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, BUILT_IN_ROLES.superAdmin));
  await grant(tx, superAdmin!.id, BUILT_IN_ROLE_SEEDS[0]!.permissions);
}

async function seedServices(tx: Transaction): Promise<void> {
  await tx
    .insert(services)
    .values(
      BASE_SERVICES.map((service, index) => ({
        code: service.code,
        name: service.name,
        groupCode: service.groupCode,
        isDefault: service.code === 'PORTAL',
        allowTrial: service.code !== 'PORTAL',
        sortOrder: index,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Seeds each lookup group the first time it is created; afterwards its entries belong to the
 * administrators (an entry they delete does not come back at the next start).
 */
async function seedCategories(tx: Transaction): Promise<void> {
  const created = await tx
    .insert(categories)
    .values(LOOKUP_GROUPS.map((group, groupIndex) => ({ parentCode: null, code: group, name: group, sortOrder: groupIndex })))
    .onConflictDoNothing()
    .returning({ code: categories.code });
  const entries = created.flatMap(({ code }) =>
    LOOKUP_SEED[code as LookupGroup].map((entry, index) => ({ parentCode: code, code: entry.code, name: entry.name, sortOrder: index })),
  );
  if (entries.length) await tx.insert(categories).values(entries).onConflictDoNothing();
}

/** The portal's own settings exist, with their defaults, in both lists; values set by administrators stay. */
async function seedSettings(tx: Transaction): Promise<void> {
  const rows = Object.entries(SYSTEM_SETTINGS).map(([key, setting]) => ({ key, value: setting.default, valueType: setting.type, description: setting.description }));
  await tx.insert(configDataDefaults).values(rows).onConflictDoNothing();
  await tx.insert(configData).values(rows).onConflictDoNothing();
}

/** Every mail type gets its template in both languages once; afterwards they belong to the administrators. */
async function seedEmailTemplates(tx: Transaction): Promise<void> {
  const rows = Object.entries(DEFAULT_EMAIL_TEMPLATES).flatMap(([type, languages]) =>
    LANGUAGES.map((language) => ({ name: EMAIL_TEMPLATE_TYPES[type as EmailTemplateType].name[language], systemType: type, language, ...languages[language] })),
  );
  await tx.insert(emailTemplates).values(rows).onConflictDoNothing();
}

/** The reference data every installation needs; safe to run at every start. */
export async function seedCatalogues(tx: Transaction): Promise<void> {
  await syncPermissions(tx);
  await syncMenus(tx);
  await seedRoles(tx);
  await seedServices(tx);
  await seedCategories(tx);
  await seedSettings(tx);
  await seedEmailTemplates(tx);
}
