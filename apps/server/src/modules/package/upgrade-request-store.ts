import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { BASE_PATH, UPGRADE_REQUEST_STATE, type UpgradeRequestCreate, type UpgradeRequestRecord, type UpgradeRequestState, type upgradeRequestResource, type UpgradeRequestSortField } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { servicePackages, services, units, upgradeRequests, users } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/actor.ts';
import { describeInput, type AuditDetails } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { withinScope } from '../../platform/resource/scope.ts';
import { readSetting } from '../../platform/settings.ts';
import { allOf, keywordMatch, sortedBy, totalOver, toPageResult } from '../../platform/resource/search.ts';

/** Requests by time, business (then time) or state (then time): a business's few, every one's a few a day. */
const REQUEST_SORT = {
  createdAt: upgradeRequests.createdAt,
  unitName: [sql`lower(${units.name})`, upgradeRequests.createdAt],
  state: [upgradeRequests.state, upgradeRequests.createdAt],
} satisfies Record<UpgradeRequestSortField, unknown>;

function select(db: Queryable, where: SQL | undefined) {
  return db
    .select({ request: upgradeRequests, unitName: units.name, packageName: servicePackages.name, serviceName: services.name, total: totalOver })
    .from(upgradeRequests)
    .innerJoin(units, eq(units.id, upgradeRequests.unitId))
    .leftJoin(servicePackages, eq(servicePackages.id, upgradeRequests.packageId))
    .leftJoin(services, eq(services.id, upgradeRequests.serviceId))
    .where(where);
}

type Row = Awaited<ReturnType<typeof select>>[number];
function toRecord({ request, unitName, packageName, serviceName }: Row): UpgradeRequestRecord {
  return {
    id: request.id,
    unitId: request.unitId,
    unitName,
    requesterName: request.requesterName,
    packageId: request.packageId,
    packageName,
    serviceId: request.serviceId,
    serviceName,
    note: request.note,
    state: request.state,
    handledBy: request.handledBy,
    handledAt: request.handledAt?.toISOString() ?? null,
    createdAt: request.createdAt.toISOString(),
  };
}

/** Upgrade requests, newest first; a unit's administrator reaches their own unit's. Written by `requestUpgrade` and `advanceUpgradeRequest` below (the calls of upgrade-routes.ts). */
export const upgradeRequestStore: ResourceStore<typeof upgradeRequestResource> = {
  async search(db, query, page, scope) {
    const where = allOf(
      withinScope(upgradeRequests.unitId, scope),
      query.unitId ? eq(upgradeRequests.unitId, query.unitId) : undefined,
      query.state === undefined ? undefined : eq(upgradeRequests.state, query.state),
      keywordMatch([units.name, upgradeRequests.requesterName], query.keyword),
    );
    const rows = await select(db, where).orderBy(...sortedBy(query.sort, REQUEST_SORT, upgradeRequests.id, [desc(upgradeRequests.createdAt), desc(upgradeRequests.id)])).limit(page.limit).offset(page.offset);
    return toPageResult(rows, toRecord, page, async () =>
      (await db.select({ n: count() }).from(upgradeRequests).innerJoin(units, eq(units.id, upgradeRequests.unitId)).where(where))[0]!.n,
    );
  },
  async find(db, id, scope) {
    const [row] = await select(db, allOf(eq(upgradeRequests.id, id), withinScope(upgradeRequests.unitId, scope)));
    return row && toRecord(row);
  },
  describe: (request) => ({ id: request.id, name: request.unitName, unitId: request.unitId }),
};

const invalid = (field: string) => new AppError('request.bad_request', { errors: [{ field: `body.${field}`, message: 'invalid' }] });

/**
 * A unit's request for a pack or a service (its unit already resolved within the caller's scope):
 * kept, and mailed to customer care — the address of System → configuration, else the platform
 * administrator's.
 */
export async function requestUpgrade(
  tx: Transaction,
  ctx: Pick<AppContext, 'config' | 'mailer'>,
  actor: Actor,
  unitId: string,
  input: UpgradeRequestCreate,
  note: (details: AuditDetails) => void,
): Promise<{ id: string }> {
  const { packageId, serviceId, note: text } = input;
  const [unit] = await tx.select({ name: units.name }).from(units).where(eq(units.id, unitId));
  if (!unit) throw invalid('unitId');
  const [pack] = packageId ? await tx.select({ name: servicePackages.name }).from(servicePackages).where(eq(servicePackages.id, packageId)) : [];
  if (packageId && !pack) throw invalid('packageId');
  const [service] = serviceId ? await tx.select({ name: services.name }).from(services).where(eq(services.id, serviceId)) : [];
  if (serviceId && !service) throw invalid('serviceId');
  const [requester] = await tx.select({ fullName: users.fullName }).from(users).where(eq(users.id, actor.userId));
  const requesterName = requester?.fullName || actor.username;
  const [created] = await tx
    .insert(upgradeRequests)
    .values({ unitId, requestedBy: actor.userId, requesterName, packageId: packageId ?? null, serviceId: serviceId ?? null, note: text ?? null })
    .returning({ id: upgradeRequests.id });
  note({ objectId: created!.id, objectName: unit.name, unitId, content: describeInput(input) });
  const to = (await readSetting(tx, 'CUSTOMER_CARE_EMAIL')) || ctx.config.admin.email;
  await ctx.mailer.send(tx, {
    kind: 'upgradeRequested',
    to,
    language: 'vi',
    params: {
      unitName: unit.name,
      requesterName,
      packageName: pack?.name ?? '—',
      serviceName: service?.name ?? '—',
      note: text ?? '—',
      requestsUrl: `${ctx.config.publicUrl}${BASE_PATH}/package/upgrade-request`,
    },
  });
  return { id: created!.id };
}

/** Marks a request contacted or done: it moves forward only (new → contacted → done). */
export async function advanceUpgradeRequest(tx: Transaction, found: UpgradeRequestRecord, state: UpgradeRequestState, handledBy: string, now: Date): Promise<void> {
  if (found.state === UPGRADE_REQUEST_STATE.done || state <= found.state) throw new AppError('package.request_handled');
  await tx.update(upgradeRequests).set({ state, handledBy, handledAt: now }).where(eq(upgradeRequests.id, found.id));
}
