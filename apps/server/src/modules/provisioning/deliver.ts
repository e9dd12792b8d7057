import { aliasedTable, and, eq, isNotNull } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import { STATUS, USER_STATUS } from '@portal/contracts';
import type { Database } from '../../db/client.ts';
import { appObjects, appUsers, businessTemplates, integrations, servicePackages, unitPackages, units, users } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { isPackUsable, seatsOf } from '../../identity/packs.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import type { DeliveryRow } from '../../platform/outbox/provisioning-queue.ts';
import { enqueueDeliveries } from '../../platform/outbox/provisioning-queue.ts';
import { deliverStray, deliverSweep } from './reconcile.ts';
import { SCIM_SCHEMAS, scimClient, ScimError, type ScimClient, type ScimUser } from './scim-client.ts';

/** Thrown when a delivery cannot be made at all (no integration): retrying will not help until someone configures it. */
export class NotConfigured extends Error {
  override name = 'NotConfigured';
}

const role = aliasedTable(appObjects, 'role');
const profile = aliasedTable(appObjects, 'profile');

/** The integration that applies to a unit's app: the unit's own, else the platform default. */
export async function integrationFor(db: Database, unitId: string, serviceId: string) {
  const rows = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.serviceId, serviceId)));
  return rows.find((row) => row.unitId === unitId) ?? rows.find((row) => row.unitId === null);
}

async function connect(db: Database, secrets: SecretBox, unitId: string, serviceId: string): Promise<ScimClient> {
  const integration = await integrationFor(db, unitId, serviceId);
  if (!integration?.enabled || !integration.scimEndpoint || !integration.credentialCipher) {
    throw new NotConfigured('the service has no enabled SCIM integration');
  }
  const [unit] = await db.select({ tenantId: units.tenantId }).from(units).where(eq(units.id, unitId));
  if (!unit) throw new NotConfigured('the unit no longer exists');
  return scimClient({
    baseUrl: integration.scimEndpoint.replaceAll('{tenant}', encodeURIComponent(unit.tenantId)),
    token: secrets.open(integration.credentialCipher),
  });
}

/** The app user as SCIM describes them, or undefined when they are gone from the portal. */
async function userState(db: Database, appUserId: string) {
  const [row] = await db
    .select({ appUser: appUsers, user: users, role: { code: role.code, name: role.name, status: role.status }, profile: { code: profile.code, name: profile.name, status: profile.status } })
    .from(appUsers)
    .innerJoin(users, eq(users.id, appUsers.userId))
    .leftJoin(role, eq(role.id, appUsers.roleId))
    .leftJoin(profile, eq(profile.id, appUsers.profileId))
    .where(eq(appUsers.id, appUserId));
  return row;
}

type UserState = NonNullable<Awaited<ReturnType<typeof userState>>>;

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

async function deliverUser(db: Database, secrets: SecretBox, row: DeliveryRow): Promise<void> {
  const scim = await connect(db, secrets, row.unitId!, row.serviceId!);
  const state = await userState(db, row.objectId);
  if (!state) {
    // Removed from the service (or from the portal): the app keeps the user, inactive.
    const gone = row.payload as { userId: string; remoteId: string | null };
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

async function deliverGroup(db: Database, secrets: SecretBox, row: DeliveryRow): Promise<void> {
  const scim = await connect(db, secrets, row.unitId!, row.serviceId!);
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
async function deliverSubscription(db: Database, secrets: SecretBox, clock: Clock, row: DeliveryRow): Promise<void> {
  const scim = await connect(db, secrets, row.unitId!, row.serviceId!);
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
async function deliverTemplate(db: Database, secrets: SecretBox, row: DeliveryRow): Promise<void> {
  const scim = await connect(db, secrets, row.unitId!, row.serviceId!);
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

export interface DeliveryDeps {
  db: Database;
  secrets: SecretBox;
  provider: Provider;
  clock: Clock;
}

/** Delivers one queued change to its app; throws what went wrong. */
export async function deliver(deps: DeliveryDeps, row: DeliveryRow): Promise<void> {
  switch (row.objectType) {
    case 'user':
      return deliverUser(deps.db, deps.secrets, row);
    case 'group':
      return deliverGroup(deps.db, deps.secrets, row);
    case 'logout':
      return deliverLogout(deps.provider, row);
    case 'subscription':
      return deliverSubscription(deps.db, deps.secrets, deps.clock, row);
    case 'template':
      return deliverTemplate(deps.db, deps.secrets, row);
    case 'sweep':
      return deliverSweep(deps.db, await connect(deps.db, deps.secrets, row.unitId!, row.serviceId!), row);
    case 'stray':
      return deliverStray(deps.db, await connect(deps.db, deps.secrets, row.unitId!, row.serviceId!), row);
  }
}

export { ScimError };
