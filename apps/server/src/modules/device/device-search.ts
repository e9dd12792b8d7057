import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PageResult, SortRequest, UserDevice, UserDeviceSortField } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { units, userDevices, users } from '../../db/schema/index.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { withinScope, type Scope } from '../../platform/resource/scope.ts';
import { keywordMatch, sortedBy } from '../../platform/resource/search.ts';
import type { accessLogResource } from '@portal/contracts';

export interface DeviceFilter {
  pageIndex: number;
  pageSize: number;
  id?: string | undefined;
  keyword?: string | undefined;
  unitId?: string | undefined;
  userId?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  sort?: SortRequest<UserDeviceSortField> | undefined;
}

/**
 * The sortable columns, as the indexes hold them (each user's or address's sign-ins in time
 * order). Every sign-in records its address; one without would sort as an empty address.
 */
export const DEVICE_SORT = {
  signedInAt: userDevices.signedInAt,
  username: [sql`lower(${users.username})`, userDevices.signedInAt],
  ipAddress: [sql`coalesce(${userDevices.ipAddress}, '')`, userDevices.signedInAt],
} satisfies Record<UserDeviceSortField, unknown>;

/**
 * The device log within what the caller may see: a unit's users only ever their own unit,
 * platform staff any unit (or all). Newest sign-ins first unless sorted.
 */
export async function searchDevices(db: Queryable, scope: Scope, filter: DeviceFilter): Promise<PageResult<UserDevice>> {
  const conditions: (SQL | undefined)[] = [
    withinScope(userDevices.unitId, scope),
    filter.unitId ? eq(userDevices.unitId, filter.unitId) : undefined,
    filter.id ? eq(userDevices.id, filter.id) : undefined,
    filter.userId ? eq(userDevices.userId, filter.userId) : undefined,
    filter.fromDate ? gte(userDevices.signedInAt, new Date(filter.fromDate)) : undefined,
    filter.toDate ? lte(userDevices.signedInAt, new Date(filter.toDate)) : undefined,
    keywordMatch([users.username, users.fullName, userDevices.deviceName, userDevices.ipAddress, userDevices.browser], filter.keyword),
  ];
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(userDevices).innerJoin(users, eq(users.id, userDevices.userId)).where(where);
  const rows = await db
    .select({
      id: userDevices.id,
      userId: userDevices.userId,
      username: users.username,
      fullName: users.fullName,
      unitId: userDevices.unitId,
      unitName: units.name,
      deviceName: userDevices.deviceName,
      ipAddress: userDevices.ipAddress,
      browser: userDevices.browser,
      signedInAt: userDevices.signedInAt,
    })
    .from(userDevices)
    .innerJoin(users, eq(users.id, userDevices.userId))
    .leftJoin(units, eq(units.id, userDevices.unitId))
    .where(where)
    .orderBy(...sortedBy(filter.sort, DEVICE_SORT, userDevices.id, [desc(userDevices.signedInAt), desc(userDevices.id)]))
    .limit(filter.pageSize)
    .offset((filter.pageIndex - 1) * filter.pageSize);
  return { records: rows.map((row) => ({ ...row, signedInAt: row.signedInAt.toISOString() })), totalRecord: total?.n ?? 0 };
}

/** The access log on the resource pattern: search with export; no changes. */
export const accessLogStore: ResourceStore<typeof accessLogResource> = {
  search: (db, query, page, scope) => searchDevices(db, scope, { ...query, pageIndex: page.offset / page.limit + 1, pageSize: page.limit }),
  async find(db, id, scope) {
    return (await searchDevices(db, scope, { id, pageIndex: 1, pageSize: 1 })).records[0];
  },
  describe: (device) => ({ id: device.id, name: device.username, unitId: device.unitId }),
};

/** Is the user one the caller may read the devices of: anyone for platform staff, their own unit's users for a unit's. */
export async function deviceOwnerWithin(db: Queryable, callerUnitId: string | null, userId: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(callerUnitId ? and(eq(users.id, userId), eq(users.unitId, callerUnitId)) : eq(users.id, userId));
  return user !== undefined;
}
