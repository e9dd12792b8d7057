import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, status, timestamptz, updatedAt } from './columns.ts';
import { units } from './units.ts';
import { agencies } from './agency.ts';
import { roles } from './access.ts';

/** Everyone who signs in: platform staff (no unit) and the users of units. */
export const users = pgTable(
  'users',
  {
    id: id(),
    unitId: uuid().references(() => units.id, { onDelete: 'cascade' }),
    /** An agency's user (agent or agent user); null for everyone else. */
    agencyId: uuid().references(() => agencies.id, { onDelete: 'cascade' }),
    /** The agency's agent (its principal) rather than one of its agent users. */
    isAgent: boolean().notNull().default(false),
    username: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    fullName: text().notNull().default(''),
    mobile: text(),
    description: text(),
    positionCode: text(),
    departmentCode: text(),
    reportToId: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    groupCode: text(),
    /** Call-centre extension: 0 not used, 1 generated, 2 an existing number. */
    extensionOption: smallint().notNull().default(0),
    extensionNumber: text(),
    /** The user's CUCM password, handed to the call-centre service when it provisions the extension; never sent back. */
    cucmPassword: text(),
    isAdminIam: boolean().notNull().default(false),
    isUserWebPortal: boolean().notNull().default(false),
    isUserUnit: boolean().notNull().default(false),
    allowExport: boolean().notNull().default(false),
    status: status(),
    channelCodeDefaultLogin: text(),
    failedLoginCount: integer().notNull().default(0),
    lockedUntil: timestamptz(),
    /** Access tokens issued before this instant are refused (password change, lock, sign-out everywhere). */
    tokensValidAfter: timestamptz(),
    lastLoginAt: timestamptz(),
    /** The language of the account's last sign-in (its sign-in screen's): mail sent to it without a request (campaigns) speaks it. */
    language: text({ enum: ['vi', 'en'] }),
    /**
     * The password was generated (a new account, an administrator's reset): the next sign-in
     * asks for a new one before anything else. Cleared by every password change.
     */
    passwordChangeRequired: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_agency_id_idx').on(t.agencyId),
    // Lists read newest first in (created_at, id) order straight from these (see largePage),
    // with the unit and status along so the usual filters need no table read; the keyword's
    // trigram index is in migration 0014.
    index('users_unit_created_idx').on(t.unitId, t.createdAt, t.id, t.status),
    index('users_created_idx').on(t.createdAt, t.id, t.unitId, t.status),
    // A list sorted by a column (account-core.ts ACCOUNT_SORT, same expressions) reads its page
    // from these, in either direction: a unit's users by the (unit_id, …) ones, every unit's
    // users at once by the others (the unique lower(username), lower(email) ones serve those two).
    index('users_unit_username_idx').on(t.unitId, sql`lower(${t.username})`, t.id),
    index('users_unit_full_name_idx').on(t.unitId, sql`lower(${t.fullName})`, t.id),
    index('users_unit_email_idx').on(t.unitId, sql`lower(${t.email})`, t.id),
    index('users_unit_status_idx').on(t.unitId, t.status, t.id),
    index('users_full_name_idx').on(sql`lower(${t.fullName})`, t.id),
    index('users_status_idx').on(t.status, t.id),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_id_idx').on(t.roleId)],
);
