import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, status, timestamptz, updatedAt } from './columns.ts';
import { units } from './units.ts';
import { users } from './users.ts';

/**
 * One-time codes and links: the sign-up OTP, two-factor codes, change-password codes,
 * forgot-password links. One live code per purpose and subject; only its hash is kept.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    purpose: text().notNull(),
    /** Whose code it is: a user id, an interaction uid … depending on the purpose. */
    subject: text().notNull(),
    codeHash: text().notNull(),
    /** What the code confirms (a pending sign-up, a policy change …). */
    payload: jsonb(),
    attempts: integer().notNull().default(0),
    sends: integer().notNull().default(1),
    lastSentAt: timestamptz().notNull().defaultNow(),
    expiresAt: timestamptz().notNull(),
    consumedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('verification_codes_purpose_subject_key').on(t.purpose, t.subject),
    index('verification_codes_code_hash_idx').on(t.codeHash),
    index('verification_codes_expires_at_idx').on(t.expiresAt),
  ],
);

/** Fixed-window counters shared by every instance (forgot-password requests, password checks). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    windowEndsAt: timestamptz().notNull(),
  },
  (t) => [index('rate_limits_window_ends_at_idx').on(t.windowEndsAt)],
);

/** A user's own two-factor state: enrolled or not, and when they last passed it. */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabledAt: timestamptz(),
  lastVerifiedAt: timestamptz(),
  updatedAt: updatedAt(),
});

/** Single-use recovery codes, hashed; regenerating replaces them all. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [index('user_recovery_codes_user_id_idx').on(t.userId)],
);

/** /TwoFAConfig: when a unit's users are asked for a code (unit null: the default policy). */
export const twoFactorConfigs = pgTable(
  'two_factor_configs',
  {
    id: id(),
    unitId: uuid().references(() => units.id, { onDelete: 'cascade' }),
    status: smallint().notNull(),
    trigger: text({ enum: ['first_login', 'new_device', 'recurring'] }).notNull(),
    recurrenceDays: integer(),
    /** Which second factor satisfies the policy: any (code, app, passkey) or a passkey only. */
    requiredFactor: text({ enum: ['any', 'passkey'] }).notNull().default('any'),
    updatedAt: updatedAt(),
  },
  (t) => [unique('two_factor_configs_unit_id_key').on(t.unitId).nullsNotDistinct()],
);

/** E-mail domains that may not sign up (e.g. free mail providers). */
export const blacklistDomains = pgTable(
  'blacklist_domains',
  { id: id(), domain: text().notNull(), status: status(), createdAt: createdAt(), updatedAt: updatedAt() },
  (t) => [uniqueIndex('blacklist_domains_domain_key').on(sql`lower(${t.domain})`), index('blacklist_domains_created_idx').on(t.createdAt, t.id)],
);

/** Domains whose every subdomain is refused too (`example.com` also blocks `mail.example.com`). */
export const blacklistSubdomains = pgTable(
  'blacklist_subdomains',
  { id: id(), subdomain: text().notNull(), status: status(), createdAt: createdAt(), updatedAt: updatedAt() },
  (t) => [uniqueIndex('blacklist_subdomains_subdomain_key').on(sql`lower(${t.subdomain})`), index('blacklist_subdomains_created_idx').on(t.createdAt, t.id)],
);

/** Accounts (e-mail addresses) allowed although their domain is blacklisted. */
export const blacklistExceptions = pgTable(
  'blacklist_exceptions',
  { id: id(), email: text().notNull(), status: status(), createdAt: createdAt(), updatedAt: updatedAt() },
  (t) => [uniqueIndex('blacklist_exceptions_email_key').on(sql`lower(${t.email})`), index('blacklist_exceptions_created_idx').on(t.createdAt, t.id)],
);
