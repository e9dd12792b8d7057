import { boolean, integer, numeric, pgTable, primaryKey, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, status, timestamptz, updatedAt } from './columns.ts';
import { units } from './units.ts';

/** A unit's own row, removed with the unit. */
export const unitOwner = () => uuid().notNull().references(() => units.id, { onDelete: 'cascade' });
/** A service's own row, removed with the service (defined below; the reference is read lazily). */
export const serviceOwner = () => uuid().notNull().references(() => services.id, { onDelete: 'cascade' });

/** The suite's services (the specification's "channels"). */
export const services = pgTable('services', {
  id: id(),
  code: text().notNull().unique(),
  name: text().notNull(),
  groupCode: text(),
  link: text(),
  redirectLink: text(),
  syncName: text(),
  syncId: text(),
  idMapping: text(),
  isDefaultRedirect: boolean().notNull().default(false),
  allowTrial: boolean().notNull().default(false),
  hidePrice: boolean().notNull().default(false),
  keepResourceDays: integer(),
  sendMailTo: text({ enum: ['admin', 'user'] }),
  isDefault: boolean().notNull().default(false),
  sortOrder: integer().notNull().default(0),
  /** The OIDC client secret, sealed (platform/secrets.ts); null keeps the client public (PKCE). */
  clientSecretSealed: text(),
  clientSecretRotatedAt: timestamptz(),
  status: status(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Lookup categories; a group is a row without parent, its entries name it as parent. */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    parentCode: text(),
    code: text().notNull(),
    name: text().notNull(),
    sortOrder: integer().notNull().default(0),
    colorCode: text(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('categories_parent_code_key').on(t.parentCode, t.code).nullsNotDistinct()],
);

/** Service packs offered to units. */
export const servicePackages = pgTable('service_packages', {
  id: id(),
  name: text().notNull(),
  level: text().notNull(),
  userBand: text(),
  pricePerUserMonth: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
  discountPercent: numeric({ precision: 5, scale: 2 }).notNull().default('0'),
  moneyType: text().notNull().default('VND'),
  highlightFeatures: text(),
  trialDays: integer(),
  /** Months of validity; null means unlimited. */
  expiryMonths: integer(),
  status: status(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const packageServices = pgTable(
  'package_services',
  {
    packageId: uuid()
      .notNull()
      .references(() => servicePackages.id, { onDelete: 'cascade' }),
    serviceId: serviceOwner(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.serviceId] })],
);

/** The packs a unit has registered. */
export const unitPackages = pgTable('unit_packages', {
  id: id(),
  unitId: unitOwner(),
  packageId: uuid()
    .notNull()
    .references(() => servicePackages.id, { onDelete: 'restrict' }),
  status: status(),
  startsAt: timestamptz().notNull().defaultNow(),
  endsAt: timestamptz(),
  /** Users the unit may grant the pack's services to (from the pack's user band); null: no limit. */
  seats: integer(),
  /** A trial registration rather than a paid pack. */
  isTrial: boolean().notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A unit's access to a service it bought, when a platform administrator or the unit's admin
 * has set it. No row means on: buying a pack opens its services; a row with status 0 closes one.
 */
export const unitServices = pgTable(
  'unit_services',
  {
    id: id(),
    unitId: unitOwner(),
    serviceId: serviceOwner(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('unit_services_unit_service_key').on(t.unitId, t.serviceId)],
);

/**
 * A unit's request to upgrade (or buy) a pack or a service: acknowledged, mailed to customer
 * care, and followed up by platform staff, who mark it contacted, then done.
 */
export const upgradeRequests = pgTable('upgrade_requests', {
  id: id(),
  unitId: unitOwner(),
  /** Who asked; their name stays with the request if the account goes. */
  requestedBy: uuid(),
  requesterName: text().notNull(),
  packageId: uuid().references(() => servicePackages.id, { onDelete: 'set null' }),
  serviceId: uuid().references(() => services.id, { onDelete: 'set null' }),
  note: text(),
  /** UPGRADE_REQUEST_STATE: 1 new, 2 contacted, 3 done. */
  state: smallint().notNull().default(1),
  handledBy: text(),
  handledAt: timestamptz(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
