import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { UpgradeRequestRecord, upgradeRequestResource } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { servicePackages, services, units, upgradeRequests } from '../../db/schema/index.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { withinScope } from '../../platform/resource/scope.ts';
import { allOf, keywordMatch, totalOver, toPageResult } from '../../platform/resource/search.ts';

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

/** Upgrade requests, newest first; a unit's administrator reaches their own unit's. Written by hand-written calls (upgrade-routes.ts). */
export const upgradeRequestStore: ResourceStore<typeof upgradeRequestResource> = {
  async search(db, query, page, scope) {
    const where = allOf(
      withinScope(upgradeRequests.unitId, scope),
      query.unitId ? eq(upgradeRequests.unitId, query.unitId) : undefined,
      query.state === undefined ? undefined : eq(upgradeRequests.state, query.state),
      keywordMatch([units.name, upgradeRequests.requesterName], query.keyword),
    );
    const rows = await select(db, where).orderBy(desc(upgradeRequests.createdAt), desc(upgradeRequests.id)).limit(page.limit).offset(page.offset);
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
