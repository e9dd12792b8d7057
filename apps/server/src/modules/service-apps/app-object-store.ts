import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { STATUS, type AppObjectKind, type AppObjectListQuery, type AppObjectRecord, type AppObjectResource, type AppObjectSortField } from '@portal/contracts';
import type { Queryable, Transaction } from '../../db/client.ts';
import { appObjects, services, units } from '../../db/schema/index.ts';
import type { Operation, ResourceStore } from '../../platform/resource/register.ts';
import { unitForWrite, withinScope, type Scope } from '../../platform/resource/scope.ts';
import { allOf, keywordMatch, sortedBy, totalOver, toPageResult } from '../../platform/resource/search.ts';
import { assertUnitHasService } from './unit-services.ts';

const columns = {
  id: appObjects.id,
  unitId: appObjects.unitId,
  unitName: units.name,
  serviceId: appObjects.serviceId,
  serviceCode: services.code,
  serviceName: services.name,
  code: appObjects.code,
  name: appObjects.name,
  description: appObjects.description,
  status: appObjects.status,
  createdAt: appObjects.createdAt,
};

type Row = Omit<AppObjectRecord, 'createdAt'> & { createdAt: Date };
const toRecord = (row: Row): AppObjectRecord => ({ ...row, createdAt: row.createdAt.toISOString() });
const withoutTotal = ({ total: _total, ...row }: Row & { total: number }): Row => row;

function select(db: Queryable, where: SQL | undefined) {
  return db
    .select({ ...columns, total: totalOver })
    .from(appObjects)
    .innerJoin(units, eq(units.id, appObjects.unitId))
    .innerJoin(services, eq(services.id, appObjects.serviceId))
    .where(where);
}

/**
 * By code or name without case: the indexes `(unit_id, kind, lower(…), id)` for a unit's list,
 * `(kind, lower(…), id)` for every unit's (migration 0036).
 */
export const APP_OBJECT_SORT = { code: sql`lower(${appObjects.code})`, name: sql`lower(${appObjects.name})` } satisfies Record<AppObjectSortField, unknown>;

/** One kind's objects, within the caller's unit. */
const inScope = (kind: AppObjectKind, scope: Scope) => allOf(eq(appObjects.kind, kind), withinScope(appObjects.unitId, scope));

/** Tells the service app about a change, once it has committed (provisioning hooks in here). */
export type AppObjectChanged = (tx: Transaction, object: { id: string; kind: AppObjectKind; unitId: string; serviceId: string }, op?: Operation) => Promise<void>;

/** The store of one kind of app object (roles, profiles or groups). */
export function appObjectStore(kind: AppObjectKind, changed?: AppObjectChanged): ResourceStore<AppObjectResource> {
  const find = async (db: Queryable, id: string, scope: Scope) => {
    const [row] = await select(db, allOf(inScope(kind, scope), eq(appObjects.id, id)));
    return row && toRecord(withoutTotal(row));
  };
  return {
    async search(db, query, page, scope) {
      const where = allOf(
        inScope(kind, scope),
        query.unitId === undefined ? undefined : eq(appObjects.unitId, query.unitId),
        query.serviceId === undefined ? undefined : eq(appObjects.serviceId, query.serviceId),
        query.status === undefined ? undefined : eq(appObjects.status, query.status),
        keywordMatch([appObjects.code, appObjects.name, appObjects.description], query.keyword),
      );
      const rows = await select(db, where)
        .orderBy(...sortedBy(query.sort, APP_OBJECT_SORT, appObjects.id, [asc(units.name), asc(services.sortOrder), asc(appObjects.name)]))
        .limit(page.limit)
        .offset(page.offset);
      return toPageResult(rows, (row) => toRecord(withoutTotal(row)), page, async () => (await db.select({ n: count() }).from(appObjects).where(where))[0]!.n);
    },

    find,

    describe: (object) => ({ id: object.id, name: `${object.serviceCode}: ${object.name}`, unitId: object.unitId }),

    async create(tx, input, op) {
      const unitId = unitForWrite(op.scope, input.unitId);
      await assertUnitHasService(tx, op.app.clock.now(), unitId, input.serviceId);
      const [created] = await tx
        .insert(appObjects)
        .values({ kind, unitId, serviceId: input.serviceId, code: input.code, name: input.name, description: input.description })
        .returning({ id: appObjects.id });
      await changed?.(tx, { id: created!.id, kind, unitId, serviceId: input.serviceId }, op);
      return { id: created!.id, name: input.name, unitId };
    },

    /** The unit and the service stay: an object belongs to one app for life. */
    async update(tx, existing, input, op) {
      await tx.update(appObjects).set({ code: input.code, name: input.name, description: input.description }).where(eq(appObjects.id, existing.id));
      await changed?.(tx, { id: existing.id, kind, unitId: existing.unitId, serviceId: existing.serviceId }, op);
    },

    /** The app hears of it first: who held it and what the app calls it are read before it goes. */
    async remove(tx, existing, op) {
      await changed?.(tx, { id: existing.id, kind, unitId: existing.unitId, serviceId: existing.serviceId }, op);
      await tx.delete(appObjects).where(eq(appObjects.id, existing.id));
    },

    async setStatus(tx, existing, status, op) {
      await tx.update(appObjects).set({ status }).where(eq(appObjects.id, existing.id));
      await changed?.(tx, { id: existing.id, kind, unitId: existing.unitId, serviceId: existing.serviceId }, op);
    },
  };
}

/**
 * Every active object of a kind within the caller's reach (optionally one unit, one service),
 * by name: the specification's "all of a unit's service" (its whole list; the forms search the
 * kind's own search a page at a time instead).
 */
export function activeAppObjectOptions(db: Queryable, kind: AppObjectKind, scope: Scope, query: AppObjectListQuery) {
  return db
    .select({ id: appObjects.id, serviceId: appObjects.serviceId, code: appObjects.code, name: appObjects.name })
    .from(appObjects)
    .where(
      allOf(
        eq(appObjects.kind, kind),
        eq(appObjects.status, STATUS.active),
        withinScope(appObjects.unitId, scope),
        query.unitId === undefined ? undefined : eq(appObjects.unitId, query.unitId),
        query.serviceId === undefined ? undefined : eq(appObjects.serviceId, query.serviceId),
      ),
    )
    .orderBy(asc(appObjects.name), asc(appObjects.id));
}
