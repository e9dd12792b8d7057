import { aliasedTable, and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { STATUS, type AppObjectKind, type AppUserRecord, type appUserResource, type AppUserSortField } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { appObjects, appUsers, integrations, provisioningOutbox, services, units, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { Operation, ResourceStore } from '../../platform/resource/register.ts';
import { withinScope, type Scope } from '../../platform/resource/scope.ts';
import { allOf, keywordMatch, outer, sortedBy, totalOver, toPageResult } from '../../platform/resource/search.ts';
import { appUserChanged } from '../provisioning/changes.ts';
import { decodeFailure } from '../../platform/outbox/delivery-failure.ts';
import { DELIVERY_STATUS } from '../../platform/outbox/provisioning-queue.ts';
import { assertSeatFree, assertUnitHasService } from './unit-services.ts';

const role = aliasedTable(appObjects, 'role');
const profile = aliasedTable(appObjects, 'profile');
const group = aliasedTable(appObjects, 'group');

/**
 * The newest delivery of the user: its state and, while it is not delivered, why. Pending
 * deliveries of one object go out oldest first (the newer ones wait for it), so while the
 * newest has not been tried yet the reason is the one of the oldest pending delivery.
 */
const lastDelivery = sql<string | null>`(select latest.status || ':' || coalesce(latest.last_error, (select attempted.last_error
    from ${provisioningOutbox} attempted where attempted.object_type = 'user' and attempted.object_id = latest.object_id
    and attempted.status = latest.status order by attempted.seq asc limit 1), '')
  from ${provisioningOutbox} latest where latest.object_type = 'user' and latest.object_id = ${outer('app_users', 'id')}::text
  order by latest.seq desc limit 1)`;

/**
 * Whether the portal reaches the service's app for this unit: an enabled SCIM integration of
 * the unit, else the service's default one (the rule deliveries follow, provisioning/queue.ts).
 */
const connected = sql<boolean>`coalesce(
  (select own.enabled and coalesce(own.scim_endpoint, '') <> '' from ${integrations} own
    where own.service_id = ${outer('app_users', 'service_id')} and own.unit_id = ${outer('app_users', 'unit_id')} limit 1),
  (select fallback.enabled and coalesce(fallback.scim_endpoint, '') <> '' from ${integrations} fallback
    where fallback.service_id = ${outer('app_users', 'service_id')} and fallback.unit_id is null limit 1),
  false)`;

const columns = {
  id: appUsers.id,
  unitId: appUsers.unitId,
  unitName: units.name,
  serviceId: appUsers.serviceId,
  serviceCode: services.code,
  serviceName: services.name,
  userId: appUsers.userId,
  username: users.username,
  fullName: users.fullName,
  email: users.email,
  roleId: appUsers.roleId,
  roleName: role.name,
  profileId: appUsers.profileId,
  profileName: profile.name,
  groupId: appUsers.groupId,
  groupName: group.name,
  status: appUsers.status,
  createdAt: appUsers.createdAt,
  lastDelivery,
  connected,
};

type Row = Omit<AppUserRecord, 'createdAt' | 'syncState' | 'lastError'> & { createdAt: Date; lastDelivery: string | null; connected: boolean };

function syncStateOf(last: string | null, connected: boolean): Pick<AppUserRecord, 'syncState' | 'lastError'> {
  // Never delivered (a grant from before any integration, the demo's): as the app now stands.
  if (!last) return connected ? { syncState: 'synced', lastError: null } : { syncState: 'not_connected', lastError: null };
  const state = Number(last.slice(0, last.indexOf(':')));
  const failure = decodeFailure(last.slice(last.indexOf(':') + 1));
  if (state === DELIVERY_STATUS.pending) return { syncState: 'pending', lastError: failure };
  // Queued while the service had no integration: the portal's own state, not the app's word.
  if (state === DELIVERY_STATUS.failed && failure?.reason === 'not_configured' && !connected) return { syncState: 'not_connected', lastError: null };
  if (state === DELIVERY_STATUS.failed) return { syncState: 'failed', lastError: failure };
  return { syncState: 'synced', lastError: null };
}

function toRecord({ lastDelivery: last, createdAt, connected: reachable, ...row }: Row & { total?: number }): AppUserRecord {
  const { total: _total, ...record } = row;
  return { ...record, createdAt: createdAt.toISOString(), ...syncStateOf(last, reachable) };
}

function select(db: Queryable, where: SQL | undefined) {
  return db
    .select({ ...columns, total: totalOver })
    .from(appUsers)
    .innerJoin(units, eq(units.id, appUsers.unitId))
    .innerJoin(services, eq(services.id, appUsers.serviceId))
    .innerJoin(users, eq(users.id, appUsers.userId))
    .leftJoin(role, eq(role.id, appUsers.roleId))
    .leftJoin(profile, eq(profile.id, appUsers.profileId))
    .leftJoin(group, eq(group.id, appUsers.groupId))
    .where(where);
}

async function find(db: Queryable, id: string, scope: Scope): Promise<AppUserRecord | undefined> {
  const [row] = await select(db, allOf(withinScope(appUsers.unitId, scope), eq(appUsers.id, id)));
  return row && toRecord(row);
}

const invalid = (field: string) => new AppError('request.bad_request', { errors: [{ field: `body.${field}`, message: 'invalid' }] });

/** A role, profile or group must be the unit's own, of the same service and kind. */
async function assertObject(tx: Transaction, id: string | null | undefined, kind: AppObjectKind, unitId: string, serviceId: string, field: string): Promise<void> {
  if (!id) return;
  const [object] = await tx
    .select({ id: appObjects.id })
    .from(appObjects)
    .where(and(eq(appObjects.id, id), eq(appObjects.kind, kind), eq(appObjects.unitId, unitId), eq(appObjects.serviceId, serviceId)));
  if (!object) throw invalid(field);
}

type SaveInput = Parameters<NonNullable<ResourceStore<typeof appUserResource>['update']>>[2];

async function assertChoices(tx: Transaction, input: SaveInput, unitId: string, serviceId: string): Promise<void> {
  await assertObject(tx, input.roleId, 'role', unitId, serviceId, 'roleId');
  await assertObject(tx, input.profileId, 'profile', unitId, serviceId, 'profileId');
  await assertObject(tx, input.groupId, 'group', unitId, serviceId, 'groupId');
}

/** An inactive grant made active again takes a seat again. */
async function assertSeatOnActivation(tx: Transaction, op: Operation, existing: AppUserRecord, status: number): Promise<void> {
  if (status === STATUS.active && existing.status !== STATUS.active) {
    await assertSeatFree(tx, op.app.clock.now(), existing.unitId, existing.serviceId, existing.userId);
  }
}

/** By the account, without case: the users' username indexes, each one's grants by `app_users_user_idx`. */
export const APP_USER_SORT = { username: sql`lower(${users.username})` } satisfies Record<AppUserSortField, unknown>;

const rowOf = async (tx: Transaction, id: string) => (await tx.select().from(appUsers).where(eq(appUsers.id, id)))[0]!;

/**
 * App users: a unit's user in one of the services the unit bought. Every change is queued for
 * the service app (modules/provisioning) in the same transaction.
 */
export const appUserStore: ResourceStore<typeof appUserResource> = {
  async search(db, query, page, scope) {
    const where = allOf(
      withinScope(appUsers.unitId, scope),
      query.unitId === undefined ? undefined : eq(appUsers.unitId, query.unitId),
      query.serviceId === undefined ? undefined : eq(appUsers.serviceId, query.serviceId),
      query.userId === undefined ? undefined : eq(appUsers.userId, query.userId),
      query.roleId === undefined ? undefined : eq(appUsers.roleId, query.roleId),
      query.status === undefined ? undefined : eq(appUsers.status, query.status),
      keywordMatch([users.username, users.fullName, users.email], query.keyword),
    );
    const rows = await select(db, where).orderBy(...sortedBy(query.sort, APP_USER_SORT, appUsers.id, [asc(units.name), asc(services.sortOrder), asc(users.username)])).limit(page.limit).offset(page.offset);
    return toPageResult(rows, toRecord, page, async () =>
      (await db.select({ n: count() }).from(appUsers).innerJoin(users, eq(users.id, appUsers.userId)).where(where))[0]!.n,
    );
  },

  find,

  describe: (appUser) => ({ id: appUser.id, name: `${appUser.serviceCode}: ${appUser.username}`, unitId: appUser.unitId }),

  /** The user's unit decides the app user's unit: only its own users, in a service it bought. */
  async create(tx, input, op) {
    const [user] = await tx.select({ id: users.id, unitId: users.unitId, username: users.username }).from(users).where(eq(users.id, input.userId));
    if (!user?.unitId || (op.scope.unitId !== null && user.unitId !== op.scope.unitId)) throw invalid('userId');
    const now = op.app.clock.now();
    await assertUnitHasService(tx, now, user.unitId, input.serviceId);
    await assertChoices(tx, input, user.unitId, input.serviceId);
    if ((input.status ?? STATUS.active) === STATUS.active) await assertSeatFree(tx, now, user.unitId, input.serviceId, user.id);
    const [created] = await tx
      .insert(appUsers)
      .values({
        unitId: user.unitId,
        serviceId: input.serviceId,
        userId: user.id,
        roleId: input.roleId ?? null,
        profileId: input.profileId ?? null,
        groupId: input.groupId ?? null,
        status: input.status ?? STATUS.active,
      })
      .returning();
    await appUserChanged(tx, created!);
    return { id: created!.id, name: user.username, unitId: user.unitId };
  },

  /** The user and the service stay: another service is another app user. */
  async update(tx, existing, input, op) {
    if (input.userId !== existing.userId) throw invalid('userId');
    if (input.serviceId !== existing.serviceId) throw invalid('serviceId');
    await assertChoices(tx, input, existing.unitId, existing.serviceId);
    await assertSeatOnActivation(tx, op, existing, input.status ?? existing.status);
    await tx
      .update(appUsers)
      .set({ roleId: input.roleId ?? null, profileId: input.profileId ?? null, groupId: input.groupId ?? null, status: input.status ?? existing.status })
      .where(eq(appUsers.id, existing.id));
    await appUserChanged(tx, await rowOf(tx, existing.id), { groupId: existing.groupId });
  },

  /** The app keeps the user, inactive: their records there stay theirs. */
  async remove(tx, existing) {
    await appUserChanged(tx, { ...(await rowOf(tx, existing.id)), groupId: null }, { groupId: existing.groupId });
    await tx.delete(appUsers).where(eq(appUsers.id, existing.id));
  },

  async setStatus(tx, existing, status, op) {
    await assertSeatOnActivation(tx, op, existing, status);
    await tx.update(appUsers).set({ status }).where(eq(appUsers.id, existing.id));
    await appUserChanged(tx, await rowOf(tx, existing.id));
  },
};
