import { and, asc, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { IntegrateDefaultResource, IntegrateResource, IntegrationRecord, IntegrationSortField, SortRequest } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { integrations, services, units } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import type { Outbound } from '../../platform/outbound/outbound.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { allOf, keywordMatch, sortedBy, totalOver, toPageResult } from '../../platform/resource/search.ts';

/**
 * By service or business (each then the other), names without case, or by last change. A
 * service's integrations are one per business that has its own: platform staff's list, read as
 * its own order reads it (the joined names).
 */
const INTEGRATION_SORT = {
  serviceName: [sql`lower(${services.name})`, sql`lower(coalesce(${units.name}, ''))`],
  unitName: [sql`lower(coalesce(${units.name}, ''))`, sql`lower(${services.name})`],
  updatedAt: integrations.updatedAt,
} satisfies Record<IntegrationSortField, unknown>;

/** What both lists save; a default has no unit. */
interface IntegrationInput {
  serviceId: string;
  unitId?: string;
  scimEndpoint?: string | null;
  backchannelLogoutUri?: string | null;
  enabled: boolean;
  credential?: string | null;
  clearCredential?: boolean;
}

function select(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      id: integrations.id,
      serviceId: integrations.serviceId,
      serviceName: services.name,
      unitId: integrations.unitId,
      unitName: units.name,
      scimEndpoint: integrations.scimEndpoint,
      backchannelLogoutUri: integrations.backchannelLogoutUri,
      enabled: integrations.enabled,
      credentialCipher: integrations.credentialCipher,
      updatedAt: integrations.updatedAt,
      total: totalOver,
    })
    .from(integrations)
    .innerJoin(services, eq(services.id, integrations.serviceId))
    .leftJoin(units, eq(units.id, integrations.unitId))
    .where(where);
}

type Row = Awaited<ReturnType<typeof select>>[number];
/** The credential never leaves the server: the record only says whether there is one. */
const toRecord = ({ total: _total, credentialCipher, updatedAt, ...row }: Row): IntegrationRecord => ({
  ...row,
  hasCredential: credentialCipher !== null,
  updatedAt: updatedAt.toISOString(),
});

/** The service and the unit named exist (one integration per service and unit is the database's unique index). */
async function assertTargetsExist(tx: Transaction, serviceId: string, unitId: string | null): Promise<void> {
  const [service] = await tx.select({ id: services.id }).from(services).where(eq(services.id, serviceId));
  if (!service) throw new AppError('data.not_found', { errors: [{ field: 'body.serviceId', message: 'invalid' }] });
  if (unitId) {
    const [unit] = await tx.select({ id: units.id }).from(units).where(eq(units.id, unitId));
    if (!unit) throw new AppError('data.not_found', { errors: [{ field: 'body.unitId', message: 'invalid' }] });
  }
}

/**
 * The addresses the portal will call must not lead inward (platform/outbound): refused here
 * with the field that holds them, and checked again whenever a call connects.
 */
async function assertReachableAddresses(outbound: Outbound, input: IntegrationInput): Promise<void> {
  const fields = (['scimEndpoint', 'backchannelLogoutUri'] as const).filter((field) => input[field]);
  const refused = await Promise.all(fields.map(async (field) => ((await outbound.refusalOf(input[field]!)) ? field : undefined)));
  const errors = refused.flatMap((field) => (field ? [{ field: `body.${field}`, message: 'address_not_allowed' }] : []));
  if (errors.length) throw new AppError('settings.outbound_address_refused', { errors });
}

/** The stored columns of an input: a credential is sealed, kept when absent, dropped on request. */
function columnsOf(secrets: SecretBox, input: IntegrationInput) {
  const credential = input.credential ? { credentialCipher: secrets.seal(input.credential) } : input.clearCredential ? { credentialCipher: null } : {};
  return {
    serviceId: input.serviceId,
    scimEndpoint: input.scimEndpoint ?? null,
    backchannelLogoutUri: input.backchannelLogoutUri ?? null,
    enabled: input.enabled,
    ...credential,
  };
}

/** The units' integrations (`forDefaults` false) or the platform defaults. */
function integrationStore(secrets: SecretBox, outbound: Outbound, forDefaults: boolean) {
  const kind = forDefaults ? isNull(integrations.unitId) : isNotNull(integrations.unitId);
  const describe = (record: IntegrationRecord) => ({ id: record.id, name: record.unitName ? `${record.serviceName} · ${record.unitName}` : record.serviceName, unitId: record.unitId });
  return {
    async search(db: Queryable, query: { keyword?: string; serviceId?: string; unitId?: string; sort?: SortRequest<IntegrationSortField> | undefined }, page: { limit: number; offset: number }) {
      const where = allOf(
        kind,
        query.serviceId ? eq(integrations.serviceId, query.serviceId) : undefined,
        query.unitId ? eq(integrations.unitId, query.unitId) : undefined,
        keywordMatch([services.name, units.name, integrations.scimEndpoint], query.keyword),
      );
      const rows = await select(db, where).orderBy(...sortedBy(query.sort, INTEGRATION_SORT, integrations.id, [asc(services.name), asc(units.name), asc(integrations.id)])).limit(page.limit).offset(page.offset);
      return toPageResult(rows, toRecord, page as never, async () =>
        (await db.select({ n: count() }).from(integrations).innerJoin(services, eq(services.id, integrations.serviceId)).leftJoin(units, eq(units.id, integrations.unitId)).where(where))[0]!.n,
      );
    },
    async find(db: Queryable, id: string) {
      const [row] = await select(db, and(kind, eq(integrations.id, id)));
      return row && toRecord(row);
    },
    describe,
    async create(tx: Transaction, input: IntegrationInput) {
      const unitId = forDefaults ? null : input.unitId!;
      await assertReachableAddresses(outbound, input);
      await assertTargetsExist(tx, input.serviceId, unitId);
      const [row] = await tx.insert(integrations).values({ ...columnsOf(secrets, input), unitId }).returning({ id: integrations.id });
      return { id: row!.id, name: input.serviceId, unitId };
    },
    async update(tx: Transaction, existing: IntegrationRecord, input: IntegrationInput) {
      const unitId = forDefaults ? null : input.unitId!;
      await assertReachableAddresses(outbound, input);
      await assertTargetsExist(tx, input.serviceId, unitId);
      await tx.update(integrations).set({ ...columnsOf(secrets, input), unitId }).where(eq(integrations.id, existing.id));
    },
    async remove(tx: Transaction, existing: IntegrationRecord) {
      await tx.delete(integrations).where(eq(integrations.id, existing.id));
    },
  };
}

export const unitIntegrationStore = (secrets: SecretBox, outbound: Outbound) => integrationStore(secrets, outbound, false) as unknown as ResourceStore<IntegrateResource>;
export const defaultIntegrationStore = (secrets: SecretBox, outbound: Outbound) => integrationStore(secrets, outbound, true) as unknown as ResourceStore<IntegrateDefaultResource>;

/** Initialise defaults: copies every default the unit has no integration for (credential included, still sealed). */
export async function copyDefaultsInto(tx: Transaction, unitId: string): Promise<number> {
  const [unit] = await tx.select({ id: units.id }).from(units).where(eq(units.id, unitId));
  if (!unit) throw new AppError('data.not_found', { errors: [{ field: 'body.unitId', message: 'invalid' }] });
  const defaults = await tx.select().from(integrations).where(isNull(integrations.unitId));
  const own = new Set((await tx.select({ serviceId: integrations.serviceId }).from(integrations).where(eq(integrations.unitId, unitId))).map((row) => row.serviceId));
  const missing = defaults.filter((entry) => !own.has(entry.serviceId));
  if (missing.length === 0) return 0;
  await tx.insert(integrations).values(
    missing.map((entry) => ({
      serviceId: entry.serviceId,
      unitId,
      scimEndpoint: entry.scimEndpoint,
      credentialCipher: entry.credentialCipher,
      backchannelLogoutUri: entry.backchannelLogoutUri,
      enabled: entry.enabled,
    })),
  );
  return missing.length;
}
