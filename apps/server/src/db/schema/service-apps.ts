import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, smallint, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, status, timestamptz, updatedAt } from './columns.ts';
import { serviceOwner, unitOwner } from './catalog.ts';
import { units } from './units.ts';
import { users } from './users.ts';

/**
 * What a unit defines inside one service's app: its roles, profiles and user groups. One
 * table for the three, told apart by `kind`: they have the same shape and the same calls.
 */
export const appObjects = pgTable(
  'app_objects',
  {
    id: id(),
    kind: text({ enum: ['role', 'profile', 'group'] }).notNull(),
    unitId: unitOwner(),
    serviceId: serviceOwner(),
    code: text().notNull(),
    name: text().notNull(),
    description: text(),
    status: status(),
    /** The id the service app gave the object (groups are SCIM resources; roles and profiles are user attributes). */
    remoteId: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('app_objects_code_key').on(t.unitId, t.serviceId, t.kind, sql`lower(${t.code})`),
    index('app_objects_service_idx').on(t.serviceId, t.kind),
    // Sorted pages (app-object-store.ts APP_OBJECT_SORT): a unit's objects of one kind, and every unit's.
    index('app_objects_unit_name_idx').on(t.unitId, t.kind, sql`lower(${t.name})`, t.id),
    index('app_objects_unit_code_idx').on(t.unitId, t.kind, sql`lower(${t.code})`, t.id),
    index('app_objects_name_idx').on(t.kind, sql`lower(${t.name})`, t.id),
    index('app_objects_code_idx').on(t.kind, sql`lower(${t.code})`, t.id),
  ],
);

/** A unit's user in one service's app, with the role, profile and group they have there. */
export const appUsers = pgTable(
  'app_users',
  {
    id: id(),
    unitId: unitOwner(),
    serviceId: serviceOwner(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid().references(() => appObjects.id, { onDelete: 'set null' }),
    profileId: uuid().references(() => appObjects.id, { onDelete: 'set null' }),
    groupId: uuid().references(() => appObjects.id, { onDelete: 'set null' }),
    status: status(),
    /** The SCIM id the service app gave the user. */
    remoteId: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('app_users_service_user_key').on(t.serviceId, t.userId),
    index('app_users_unit_service_idx').on(t.unitId, t.serviceId),
    // A page sorted by username walks the users' own username indexes and finds each one's grants here.
    index('app_users_user_idx').on(t.userId),
  ],
);

/**
 * How the portal reaches a service's app: the platform default (unit null), or a unit's own
 * settings. The credential is stored encrypted and never leaves the server.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: id(),
    serviceId: serviceOwner(),
    unitId: uuid().references(() => units.id, { onDelete: 'cascade' }),
    /** SCIM base URL; `{tenant}` is replaced by the unit's tenant id. */
    scimEndpoint: text(),
    /** AES-256-GCM ciphertext of the bearer token the app expects (platform/secrets.ts). */
    credentialCipher: text(),
    /** OpenID Connect back-channel logout endpoint of the app. */
    backchannelLogoutUri: text(),
    enabled: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('integrations_service_unit_key').on(t.serviceId, t.unitId).nullsNotDistinct()],
);

/**
 * The provisioning queue: what a service app must be told (a user, a group, a back-channel
 * logout), delivered by the same leased-outbox machinery as mail (platform/outbox). A row
 * names the object, not its content: delivery sends the object as it is then, so retries
 * and coalesced changes are idempotent. `seq` orders deliveries of one object.
 */
export const provisioningOutbox = pgTable(
  'provisioning_outbox',
  {
    id: id(),
    seq: bigserial({ mode: 'number' }).notNull(),
    /** The unit and service of a user or group; a back-channel logout names its client in the payload instead. */
    unitId: uuid(),
    serviceId: uuid(),
    /** sweep: a sync's listing of the app's Users or Groups; stray: one of them the portal does not hold (provisioning/reconcile.ts). */
    objectType: text({ enum: ['user', 'group', 'logout', 'subscription', 'template', 'sweep', 'stray'] }).notNull(),
    objectId: text().notNull(),
    /** What the object was when the change was made, for an object that no longer exists (external id, sid …). */
    payload: jsonb().$type<Record<string, unknown>>(),
    status: smallint().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamptz().notNull().defaultNow(),
    lockedUntil: timestamptz(),
    lastError: text(),
    deliveredAt: timestamptz(),
    /** The "Sync" that queued the delivery, if one did (its progress is counted from these rows). */
    syncId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    index('provisioning_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The claim walks the pending rows in queue order and stops at its batch: a Sync's
    // thousands queued, or years of delivered rows kept, cost it nothing (lease.ts).
    index('provisioning_outbox_pending_idx').on(t.seq).where(sql`${t.status} = 0`),
    index('provisioning_outbox_sync_idx').on(t.syncId, t.status),
    index('provisioning_outbox_object_idx').on(t.objectType, t.objectId, t.seq),
    index('provisioning_outbox_unit_service_idx').on(t.unitId, t.serviceId),
  ],
);

/**
 * One "Sync" of a unit's app: every user and group queued again, as one job. Its deliveries
 * are rows of the outbox (leased, durable, retried by whichever instance is alive), so the job
 * needs no runner of its own: its progress is the count of its rows by state.
 */
export const appSyncs = pgTable('app_syncs', {
  id: id(),
  unitId: unitOwner(),
  serviceId: serviceOwner(),
  /** Users and groups queued. */
  total: integer().notNull(),
  startedBy: uuid(),
  createdAt: createdAt(),
});

/** Business-information templates a service offers new units (/enterprise/template); one default per service. */
export const businessTemplates = pgTable(
  'business_templates',
  {
    id: id(),
    serviceId: serviceOwner(),
    name: text().notNull(),
    description: text(),
    content: text().notNull(),
    isDefault: boolean().notNull().default(false),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('business_templates_default_idx').on(t.serviceId).where(sql`${t.isDefault}`)],
);
