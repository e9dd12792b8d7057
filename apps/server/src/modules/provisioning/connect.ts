import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { integrations, units } from '../../db/schema/index.ts';
import type { DeliveryDeps } from './delivery-deps.ts';
import { NotConfigured } from './delivery-failure.ts';
import { scimClient, type ScimClient } from './scim-client.ts';

/** What reaching the app needs: its sealed credential opened, and the outbound fetch. */
export type Link = Pick<DeliveryDeps, 'secrets' | 'outbound' | 'clock' | 'connections'>;

/** The integration that applies to a unit's app: the unit's own, else the platform default. */
export async function integrationFor(db: Database, unitId: string, serviceId: string) {
  const rows = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.serviceId, serviceId)));
  return rows.find((row) => row.unitId === unitId) ?? rows.find((row) => row.unitId === null);
}

/** The unit's app's SCIM client, opened once per `link.connections` (the worker's claimed batch) when it keeps them. */
export function connect(db: Database, link: Link, unitId: string, serviceId: string): Promise<ScimClient> {
  if (!link.connections) return open(db, link, unitId, serviceId);
  const key = `${unitId}/${serviceId}`;
  let client = link.connections.get(key);
  if (!client) link.connections.set(key, (client = open(db, link, unitId, serviceId)));
  return client;
}

async function open(db: Database, link: Link, unitId: string, serviceId: string): Promise<ScimClient> {
  const integration = await integrationFor(db, unitId, serviceId);
  if (!integration?.enabled || !integration.scimEndpoint || !integration.credentialCipher) {
    throw new NotConfigured('the service has no enabled SCIM integration');
  }
  const [unit] = await db.select({ tenantId: units.tenantId }).from(units).where(eq(units.id, unitId));
  if (!unit) throw new NotConfigured('the unit no longer exists');
  return scimClient({
    // What the app says of itself (its ServiceProviderConfig) is kept per integration and endpoint.
    appKey: `${integration.id} ${integration.scimEndpoint}`,
    baseUrl: integration.scimEndpoint.replaceAll('{tenant}', encodeURIComponent(unit.tenantId)),
    token: link.secrets.open(integration.credentialCipher),
    fetch: link.outbound.fetch,
    now: () => link.clock.now(),
  });
}

