import { desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { ActionLogRecord, ActionLogSortField, actionLogResource } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { actionLogs, units } from '../../db/schema/index.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { withinScope, type Scope } from '../../platform/resource/scope.ts';
import { allOf, keywordMatch, largePage, sortedBy } from '../../platform/resource/search.ts';

const columns = { log: actionLogs, unitName: units.name };

function toRecord({ log, unitName }: { log: typeof actionLogs.$inferSelect; unitName: string | null }): ActionLogRecord {
  return {
    id: log.id,
    objectCategory: log.objectCategory,
    action: log.action,
    result: log.result,
    username: log.username,
    unitId: log.unitId,
    unitName,
    objectId: log.objectId,
    objectName: log.objectName,
    content: log.content,
    ipAddress: log.ipAddress,
    createdAt: log.createdAt.toISOString(),
  };
}

function rows(db: Queryable, where: SQL | undefined) {
  return db.select(columns).from(actionLogs).leftJoin(units, eq(units.id, actionLogs.unitId)).where(where);
}

/**
 * The sortable columns, as the indexes hold them: by user (without case), each user's entries in
 * time order; by time. Either direction reads an index forwards or backwards.
 */
export const LOG_SORT = {
  createdAt: actionLogs.createdAt,
  username: [sql`lower(${actionLogs.username})`, actionLogs.createdAt],
} satisfies Record<ActionLogSortField, unknown>;

/** The action log; a unit's users see only their unit's rows. */
export const actionLogStore: ResourceStore<typeof actionLogResource> = {
  async search(db, query, page, scope: Scope) {
    const where = allOf(
      withinScope(actionLogs.unitId, scope),
      query.objectCategory === undefined ? undefined : eq(actionLogs.objectCategory, query.objectCategory),
      query.action === undefined ? undefined : eq(actionLogs.action, query.action),
      query.result === undefined ? undefined : eq(actionLogs.result, query.result),
      query.unitId ? eq(actionLogs.unitId, query.unitId) : undefined,
      query.fromDate ? gte(actionLogs.createdAt, new Date(query.fromDate)) : undefined,
      query.toDate ? lte(actionLogs.createdAt, new Date(query.toDate)) : undefined,
      keywordMatch([actionLogs.content, actionLogs.objectName, actionLogs.username], query.keyword),
    );
    // Newest first, in the order of the (created_at, id) indexes: millions of rows stay cheap.
    const order = sortedBy(query.sort, LOG_SORT, actionLogs.id, [desc(actionLogs.createdAt), desc(actionLogs.id)]);
    return largePage(db, actionLogs, where, order, page, async (inPage) => (await rows(db, inPage).orderBy(...order)).map(toRecord));
  },

  async find(db, id, scope) {
    const [row] = await rows(db, allOf(withinScope(actionLogs.unitId, scope), eq(actionLogs.id, id)));
    return row && toRecord(row);
  },

  describe: (log) => ({ id: log.id, name: log.objectName ?? log.id, unitId: log.unitId }),
};
