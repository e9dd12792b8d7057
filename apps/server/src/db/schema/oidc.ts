import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';

/** Everything oidc-provider persists (sessions, grants, codes, tokens, interactions). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    type: text().notNull(),
    id: text().notNull(),
    payload: jsonb().notNull(),
    grantId: text(),
    userCode: text(),
    uid: text(),
    accountId: text(),
    expiresAt: timestamptz(),
    consumedAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index('oidc_payloads_grant_id_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_account_id_idx').on(t.accountId),
    index('oidc_payloads_expires_at_idx').on(t.expiresAt),
  ],
);

/** Signing keys and cookie keys, generated once and shared by every instance. */
export const oidcKeys = pgTable('oidc_keys', {
  kind: text().primaryKey(),
  value: jsonb().notNull(),
  createdAt: createdAt(),
});
