import { eq, inArray } from 'drizzle-orm';
import { STATUS, USER_STATUS } from '@portal/contracts';
import type { Database } from '../../db/client.ts';
import { appObjects, appUsers, users } from '../../db/schema/index.ts';
import type { DeliveryRow } from '../../platform/outbox/provisioning-queue.ts';
import { enqueueDeliveries } from '../../platform/outbox/provisioning-queue.ts';
import { connect, type Link } from './connect.ts';
import { SCIM_SCHEMAS, type ScimUser } from './scim-client.ts';

/**
 * The app users as SCIM describes them, by app user id; one gone from the portal is missing.
 * Three reads by primary key rather than one join: joined, the planner hashes the whole users
 * table for a bundle of a hundred (a Sync's), which costs more than the hundred lookups.
 */
export async function userStates(db: Database, appUserIds: readonly string[]) {
  const members = appUserIds.length === 0 ? [] : await db.select().from(appUsers).where(inArray(appUsers.id, [...appUserIds]));
  const userIds = [...new Set(members.map((member) => member.userId))];
  const objectIds = [...new Set(members.flatMap((member) => [member.roleId, member.profileId].filter((id) => id !== null)))];
  const [people, objects] = await Promise.all([
    userIds.length === 0 ? [] : db.select().from(users).where(inArray(users.id, userIds)),
    objectIds.length === 0 ? [] : db.select({ id: appObjects.id, code: appObjects.code, name: appObjects.name, status: appObjects.status }).from(appObjects).where(inArray(appObjects.id, objectIds)),
  ]);
  const userById = new Map(people.map((user) => [user.id, user]));
  const objectById = new Map(objects.map(({ id, ...object }) => [id, object]));
  const states = new Map<string, { appUser: AppUser; user: User; role: HeldObject | null; profile: HeldObject | null }>();
  for (const appUser of members) {
    const user = userById.get(appUser.userId);
    if (!user) continue;
    states.set(appUser.id, { appUser, user, role: (appUser.roleId && objectById.get(appUser.roleId)) || null, profile: (appUser.profileId && objectById.get(appUser.profileId)) || null });
  }
  return states;
}

type AppUser = typeof appUsers.$inferSelect;
type User = typeof users.$inferSelect;
type HeldObject = Pick<typeof appObjects.$inferSelect, 'code' | 'name' | 'status'>;

export type UserState = NonNullable<ReturnType<Awaited<ReturnType<typeof userStates>>['get']>>;

/** What deactivating a user removed from the service needs once their row is gone (changes.ts userDelivery). */
export type GoneUser = { userId: string; remoteId: string | null };

export function scimUserOf({ appUser, user, role: held, profile: kept }: UserState): ScimUser {
  return {
    schemas: [SCIM_SCHEMAS.user],
    externalId: user.id,
    userName: user.username,
    name: { givenName: user.firstName, familyName: user.lastName, formatted: user.fullName },
    displayName: user.fullName || user.username,
    // Locked or deleted in the portal, or switched off in this service: inactive in the app.
    active: user.status === USER_STATUS.active && appUser.status === STATUS.active,
    emails: [{ value: user.email, type: 'work', primary: true }],
    phoneNumbers: user.mobile ? [{ value: user.mobile, type: 'mobile' }] : [],
    roles: held?.code && held.status === STATUS.active ? [{ value: held.code, display: held.name, primary: true }] : [],
    entitlements: kept?.code && kept.status === STATUS.active ? [{ value: kept.code, display: kept.name, type: 'profile' }] : [],
  };
}

export async function deliverUser(db: Database, link: Link, row: DeliveryRow): Promise<void> {
  const scim = await connect(db, link, row.unitId!, row.serviceId!);
  const state = (await userStates(db, [row.objectId])).get(row.objectId);
  if (!state) {
    // Removed from the service (or from the portal): the app keeps the user, inactive.
    const gone = row.payload as GoneUser;
    await scim.deactivateUser(gone.userId, gone.remoteId);
    return;
  }
  const remoteId = await scim.putUser(scimUserOf(state), state.appUser.remoteId);
  if (remoteId !== state.appUser.remoteId) {
    await db.update(appUsers).set({ remoteId }).where(eq(appUsers.id, state.appUser.id));
    // The group lists members by the app's ids: now that the user has one, tell the group.
    if (state.appUser.groupId) await enqueueDeliveries(db, [{ unitId: row.unitId, serviceId: row.serviceId, objectType: 'group', objectId: state.appUser.groupId }]);
  }
}

