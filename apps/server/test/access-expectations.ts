import { and, inArray, sql } from 'drizzle-orm';
import type { PermissionName } from '@portal/contracts';
import type { Database } from '../src/db/client.ts';
import { actionLogs, agencies, units, users } from '../src/db/schema/index.ts';
import type { Access, UserAccess } from '../src/platform/access.ts';
import type { TestActor } from './actors.ts';
import type { Target } from './resource-fixtures.ts';
import type { RouteCall } from './route-calls.ts';

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

/** Does a holder of `permissions` pass `access`? Written from the catalogue's meaning, not from the server's code. */
function grants(permissions: ReadonlySet<PermissionName>, access: UserAccess): boolean {
  if (access === 'signed-in') return true;
  if (typeof access === 'string') return permissions.has(access);
  return access.some((permission) => permissions.has(permission));
}

export function expectedOutcome(access: Access, call: RouteCall, actor: TestActor, target: Target | undefined): Outcome {
  if (access === 'public') return 'allowed';
  // A user's token never opens a service app's route; a service app's token no route of the portal.
  if (actor.userId === null || access === 'service-app' || actor.tokenOf === 'service') return 'unauthenticated';
  if (!grants(actor.permissions, access) || (call.needs && !actor.permissions.has(call.needs))) return 'forbidden';
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
