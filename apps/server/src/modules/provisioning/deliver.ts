import { and, eq, isNotNull } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import { STATUS } from '@portal/contracts';
import type { Database } from '../../db/client.ts';
import { appObjects, appUsers, businessTemplates, servicePackages, unitPackages, users } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { isPackUsable, seatsOf } from '../../identity/packs.ts';
import type { DeliveryRow } from '../../platform/outbox/provisioning-queue.ts';
import { connect, type Link } from './connect.ts';
import { NotConfigured } from './delivery-failure.ts';
import { deliverStray, deliverSweep } from './reconcile.ts';
import type { DeliveryDeps } from './delivery-deps.ts';
import { SCIM_SCHEMAS, ScimError } from './scim-client.ts';
import { deliverUser } from './user-delivery.ts';

export { NotConfigured };
export type { DeliveryDeps };
export { integrationFor } from './connect.ts';

async function deliverGroup(db: Database, link: Link, row: DeliveryRow): Promise<void> {
  const scim = await connect(db, link, row.unitId!, row.serviceId!);
  const [group] = await db.select().from(appObjects).where(eq(appObjects.id, row.objectId));
  if (!group || group.status !== STATUS.active) {
    const remoteId = group?.remoteId ?? (row.payload as { remoteId?: string | null } | null)?.remoteId ?? null;
    await scim.deleteGroup(row.objectId, remoteId);
    if (group?.remoteId) await db.update(appObjects).set({ remoteId: null }).where(eq(appObjects.id, group.id));
    return;
  }
  const members = await db
    .select({ remoteId: appUsers.remoteId, name: users.fullName })
    .from(appUsers)
    .innerJoin(users, eq(users.id, appUsers.userId))
    .where(and(eq(appUsers.groupId, group.id), isNotNull(appUsers.remoteId)));
  const remoteId = await scim.putGroup(
    { schemas: [SCIM_SCHEMAS.group], externalId: group.id, displayName: group.name, members: members.map((m) => ({ value: m.remoteId!, display: m.name })) },
    group.remoteId,
  );
  if (remoteId !== group.remoteId) await db.update(appObjects).set({ remoteId }).where(eq(appObjects.id, group.id));
}

/** Splits a pack's highlighted features as written (one a line, or comma separated). */
const featuresOf = (text: string | null) => (text ?? '').split(/[\n,;]+/).map((feature) => feature.trim()).filter(Boolean);

/** What the unit bought of the app (PackageServiceChannel/SyncBaseApp): one resource per pack, keyed by the unit's pack id. */
async function deliverSubscription(db: Database, link: Link, clock: Clock, row: DeliveryRow): Promise<void> {
  const scim = await connect(db, link, row.unitId!, row.serviceId!);
  const { unitPackageId } = row.payload as { unitPackageId: string };
  const [held] = await db
    .select({ unitPackage: unitPackages, pack: servicePackages })
    .from(unitPackages)
    .innerJoin(servicePackages, eq(servicePackages.id, unitPackages.packageId))
    .where(eq(unitPackages.id, unitPackageId));
  if (!held) return;
  const { unitPackage, pack } = held;
  const now = clock.now();
  await scim.putSubscription({
    schemas: [SCIM_SCHEMAS.subscription],
    externalId: unitPackage.id,
    packageName: pack.name,
    level: pack.level,
    seats: seatsOf(unitPackage.seats, pack.userBand),
    startsAt: unitPackage.startsAt.toISOString(),
    endsAt: unitPackage.endsAt?.toISOString() ?? null,
    isTrial: unitPackage.isTrial,
    active: isPackUsable(unitPackage, pack, now),
    features: featuresOf(pack.highlightFeatures),
  });
}

/** A business-information template pushed into the unit's app (TemplateClone/SyncBaseApp), keyed by the template's id. */
async function deliverTemplate(db: Database, link: Link, row: DeliveryRow): Promise<void> {
  const scim = await connect(db, link, row.unitId!, row.serviceId!);
  const { templateId } = row.payload as { templateId: string };
  const [template] = await db.select().from(businessTemplates).where(eq(businessTemplates.id, templateId));
  if (!template) return;
  await scim.putBusinessTemplate({
    schemas: [SCIM_SCHEMAS.businessTemplate],
    externalId: template.id,
    name: template.name,
    description: template.description,
    content: template.content,
  });
}

interface BackchannelClient {
  backchannelLogoutUri?: string;
  backchannelLogout(sub: string, sid: string): Promise<void>;
}

/** An OpenID Connect back-channel logout token to the client, through the provider's own feature. */
async function deliverLogout(provider: Provider, row: DeliveryRow): Promise<void> {
  const { clientId, sub, sid } = row.payload as { clientId: string; sub: string; sid: string };
  // The provider's Client has backchannelLogout once the feature is on; its typings leave it out.
  const client = (await provider.Client.find(clientId)) as (BackchannelClient & object) | undefined;
  if (!client?.backchannelLogoutUri) return;
  await client.backchannelLogout(sub, sid);
}

/** Delivers one queued change to its app; throws what went wrong. */
export async function deliver(deps: DeliveryDeps, row: DeliveryRow): Promise<void> {
  switch (row.objectType) {
    case 'user':
      return deliverUser(deps.db, deps, row);
    case 'group':
      return deliverGroup(deps.db, deps, row);
    case 'logout':
      return deliverLogout(deps.provider, row);
    case 'subscription':
      return deliverSubscription(deps.db, deps, deps.clock, row);
    case 'template':
      return deliverTemplate(deps.db, deps, row);
    case 'sweep':
      return deliverSweep(deps.db, await connect(deps.db, deps, row.unitId!, row.serviceId!), row);
    case 'stray':
      return deliverStray(deps.db, await connect(deps.db, deps, row.unitId!, row.serviceId!), row);
  }
}

export { ScimError };
