import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** A user's WebAuthn credentials (passkeys). The public key is public: kept as is. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id the authenticator chose, base64url. */
    credentialId: text().notNull(),
    /** COSE public key, base64url. */
    publicKey: text().notNull(),
    /** The signature counter last seen (0 for authenticators that never count). */
    counter: integer().notNull().default(0),
    transports: text().array().notNull().default([]),
    backupEligible: boolean().notNull().default(false),
    backupState: boolean().notNull().default(false),
    name: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz(),
  },
  (t) => [uniqueIndex('passkeys_credential_id_key').on(t.credentialId), index('passkeys_user_id_idx').on(t.userId)],
);

/**
 * WebAuthn challenges: single use (deleted when taken), short-lived, in the database so any
 * instance can finish a ceremony another began. `subject` binds the challenge to whom it
 * was issued (a user id for registration, an interaction uid for sign-in).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text().primaryKey(),
    purpose: text({ enum: ['register', 'authenticate'] }).notNull(),
    subject: text().notNull(),
    expiresAt: timestamptz().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webauthn_challenges_expires_at_idx').on(t.expiresAt)],
);

/**
 * A user's authenticator app (TOTP): the secrets sealed like the integrations' credentials. The
 * app in use and an enrolment under way are apart, so that starting (and abandoning) a new
 * enrolment leaves the app in use working until the new one's first code confirms it.
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The confirmed app's secret; null while only a first enrolment waits. */
  sealedSecret: text(),
  /** When the app in use was confirmed by its first code (null with no app in use). */
  confirmedAt: timestamptz(),
  /** The secret of an enrolment waiting for its first code; it replaces the one in use when confirmed. */
  pendingSealedSecret: text(),
  /** The last time step accepted: a code is refused for this step and earlier ones (single use). */
  lastUsedStep: integer(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
