import { and, inArray, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { actionLogs, agencies, units, users } from '../src/db/schema/index.ts';
import type { Access, RouteEntry } from '../src/platform/access.ts';
import { ACCESS_TABLE } from './access-table.ts';
import { ACTOR_KEYS, type TestActor } from './actors.ts';
import type { Target } from './resource-fixtures.ts';
import { routeKey } from './route-calls.ts';

/**
 * allowed: 200 with the answer; unauthenticated: 401; forbidden: 403; hidden: the object is
 * another unit's (or agency's), so 403 or a 404 that looks like any unknown id, and nothing of
 * it shown.
 */
export type Outcome = 'allowed' | 'unauthenticated' | 'forbidden' | 'hidden';

export const OUTCOME_TEXT: Record<Outcome, string> = {
  allowed: '200',
  unauthenticated: '401',
  forbidden: '403',
  hidden: '403 or uniform 404, nothing of unit A',
};

/** The access a route declares, written as the access table writes it. */
export function accessText(access: Access): string {
  return typeof access === 'string' ? access : access.join(' | ');
}

/** Who may call the route, from the reviewed access table (not from what the route declares). */
export function mayCall(route: Pick<RouteEntry, 'method' | 'url'>, actor: Pick<TestActor, 'key'>): boolean {
  const row = ACCESS_TABLE[routeKey(route)];
  if (!row) throw new Error(`${routeKey(route)} is not in test/access-table.ts: add its row`);
  return row[0][ACTOR_KEYS.indexOf(actor.key)] !== '-';
}

export function expectedOutcome(route: RouteEntry, actor: TestActor, target: Target | undefined): Outcome {
  if (!mayCall(route, actor)) {
    // No token, a service app's token (it opens no route of the portal), or a user's token at a service app's route: 401.
    const notTheRightToken = actor.userId === null || actor.tokenOf === 'service' || route.access === 'service-app';
    return notTheRightToken ? 'unauthenticated' : 'forbidden';
  }
  if (route.access === 'public') return 'allowed';
  if (actor.unitId !== null && target && target.unitId !== actor.unitId) return 'hidden';
  if (actor.agencyId !== null && target && target.agencyId !== actor.agencyId) return 'hidden';
  return 'allowed';
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The ids a reply holds: only those can be someone else's (reading every id in the database per call grew with the run). */
function idsIn(body: string): string[] {
  return [...new Set(body.match(UUID)?.map((id) => id.toLowerCase()) ?? [])];
}

/**
 * What a reply to a caller of `unitId` shows that they must never see: ids of other units,
 * of their people (and of platform staff), of their action-log rows, and the units' tenant ids.
 */
export async function foreignMarkers(db: Database, unitId: string, body: string): Promise<string[]> {
  const ids = idsIn(body);
  const otherUnits = await db.select({ id: units.id, tenantId: units.tenantId }).from(units).where(sql`${units.id} <> ${unitId}`);
  const otherPeople = ids.length === 0 ? [] : await db.select({ id: users.id }).from(users).where(and(inArray(users.id, ids), sql`${users.unitId} is distinct from ${unitId}`));
  const otherRows = ids.length === 0 ? [] : await db.select({ id: actionLogs.id }).from(actionLogs).where(and(inArray(actionLogs.id, ids), sql`${actionLogs.unitId} is distinct from ${unitId}`));
  return [
    ...otherUnits.flatMap((unit) => [unit.id, ...(unit.tenantId.length >= 6 ? [unit.tenantId] : [])]),
    ...otherPeople.map((person) => person.id),
    ...otherRows.map((row) => row.id),
  ].filter((marker) => body.includes(marker));
}

/**
 * What a reply to a user of agency `agencyId` shows that they must never see: other agencies,
 * units it did not bring (ids and tenant ids), and the people of neither.
 */
export async function foreignAgencyMarkers(db: Database, agencyId: string, body: string): Promise<string[]> {
  const ids = idsIn(body);
  const otherAgencies = await db.select({ id: agencies.id }).from(agencies).where(sql`${agencies.id} <> ${agencyId}`);
  const otherUnits = await db.select({ id: units.id, tenantId: units.tenantId }).from(units).where(sql`${units.agencyId} is distinct from ${agencyId}`);
  const otherPeople =
    ids.length === 0
      ? []
      : await db
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              inArray(users.id, ids),
              sql`${users.agencyId} is distinct from ${agencyId} and (${users.unitId} is null or ${users.unitId} not in (select ${units.id} from ${units} where ${units.agencyId} = ${agencyId}))`,
            ),
          );
  return [
    ...otherAgencies.map((agency) => agency.id),
    ...otherUnits.flatMap((unit) => [unit.id, ...(unit.tenantId.length >= 6 ? [unit.tenantId] : [])]),
    ...otherPeople.map((person) => person.id),
  ].filter((marker) => body.includes(marker));
}

/** The rows of a list reply, whatever its shape (`{records}` or a bare array). */
export function rowsOf(data: unknown): Record<string, unknown>[] {
  if (Array.isArray(data)) return data as Record<string, unknown>[];
  const records = (data as { records?: unknown } | null)?.records;
  return Array.isArray(records) ? (records as Record<string, unknown>[]) : [];
}
