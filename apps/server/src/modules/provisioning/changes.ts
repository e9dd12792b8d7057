import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { appObjects, appUsers } from '../../db/schema/index.ts';
import type { AppObjectKind } from '@portal/contracts';
import { enqueueDeliveries, type Delivery } from '../../platform/outbox/provisioning-queue.ts';

/**
 * What each change in the portal must tell the service apps, queued in the change's own
 * transaction. Deliveries name objects; the worker sends them as they are when it runs.
 */

type AppUserRow = Pick<typeof appUsers.$inferSelect, 'id' | 'unitId' | 'serviceId' | 'userId' | 'remoteId' | 'groupId'>;

export const userDelivery = (appUser: AppUserRow): Delivery => ({
  unitId: appUser.unitId,
  serviceId: appUser.serviceId,
  objectType: 'user',
  objectId: appUser.id,
  // What deactivating them needs once the row is gone.
  payload: { userId: appUser.userId, remoteId: appUser.remoteId },
});

export const groupDelivery = (group: { id: string; unitId: string; serviceId: string; remoteId?: string | null }): Delivery => ({
  unitId: group.unitId,
  serviceId: group.serviceId,
  objectType: 'group',
  objectId: group.id,
  payload: { remoteId: group.remoteId ?? null },
});

/** A role, profile or group was added, edited, switched or is about to be deleted. */
export async function appObjectChanged(tx: Queryable, object: { id: string; kind: AppObjectKind; unitId: string; serviceId: string }): Promise<void> {
  if (object.kind === 'group') {
    const [group] = await tx.select({ remoteId: appObjects.remoteId }).from(appObjects).where(eq(appObjects.id, object.id));
    await enqueueDeliveries(tx, [groupDelivery({ ...object, remoteId: group?.remoteId })]);
    return;
  }
  // Roles and profiles are attributes of the users who hold them.
  const column = object.kind === 'role' ? appUsers.roleId : appUsers.profileId;
  const holders = await tx.select().from(appUsers).where(eq(column, object.id));
  await enqueueDeliveries(tx, holders.map(userDelivery));
}

/** An app user was added, edited, switched or is about to be removed; `before` is what they were. */
export async function appUserChanged(tx: Queryable, appUser: AppUserRow, before?: Pick<AppUserRow, 'groupId'>): Promise<void> {
  const deliveries = [userDelivery(appUser)];
  for (const groupId of new Set([before?.groupId, appUser.groupId])) {
    if (groupId) deliveries.push(groupDelivery({ id: groupId, unitId: appUser.unitId, serviceId: appUser.serviceId }));
  }
  await enqueueDeliveries(tx, deliveries);
}

/** A portal user changed (name, e-mail, lock, unlock) or is about to be deleted: every app they are in hears it. */
export async function portalUserChanged(tx: Queryable, userId: string): Promise<void> {
  const memberships = await tx.select().from(appUsers).where(eq(appUsers.userId, userId));
  await enqueueDeliveries(tx, memberships.map(userDelivery));
}
