import { sql } from 'drizzle-orm';
import type { PermissionName } from '@portal/contracts';
import type { Database } from '../src/db/client.ts';
import { actionLogs, agencies, units, users } from '../src/db/schema/index.ts';
import type { Access } from '../src/platform/access.ts';
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
function grants(permissions: ReadonlySet<PermissionName>, access: Exclude<Access, 'public'>): boolean {
  if (access === 'signed-in') return true;
  if (typeof access === 'string') return permissions.has(access);
  return access.some((permission) => permissions.has(permission));
}

export function expectedOutcome(access: Access, call: RouteCall, actor: TestActor, target: Target | undefined): Outcome {
  if (access === 'public') return 'allowed';
  if (actor.userId === null) return 'unauthenticated';
  if (!grants(actor.permissions, access) || (call.needs && !actor.permissions.has(call.needs))) return 'forbidden';
  if (actor.unitId !== null && target && target.unitId !== actor.unitId) return 'hidden';
  if (actor.agencyId !== null && target && target.agencyId !== actor.agencyId) return 'hidden';
  return 'allowed';
}

/**
 * What a caller of `unitId` must never see: the ids of other units, of their people (and of
 * platform staff), of their action-log rows, and the demo units' tenant ids.
 */
export async function foreignMarkers(db: Database, unitId: string): Promise<string[]> {
  const otherUnits = await db.select({ id: units.id, tenantId: units.tenantId }).from(units).where(sql`${units.id} <> ${unitId}`);
  const otherPeople = await db.select({ id: users.id }).from(users).where(sql`${users.unitId} is distinct from ${unitId}`);
  const otherRows = await db.select({ id: actionLogs.id }).from(actionLogs).where(sql`${actionLogs.unitId} is distinct from ${unitId}`);
  return [
    ...otherUnits.flatMap((unit) => [unit.id, ...(unit.tenantId.length >= 6 ? [unit.tenantId] : [])]),
    ...otherPeople.map((person) => person.id),
    ...otherRows.map((row) => row.id),
  ];
}

/**
 * What a user of agency `agencyId` must never see: other agencies, units it did not bring (ids
 * and tenant ids), and the people of neither.
 */
export async function foreignAgencyMarkers(db: Database, agencyId: string): Promise<string[]> {
  const otherAgencies = await db.select({ id: agencies.id }).from(agencies).where(sql`${agencies.id} <> ${agencyId}`);
  const otherUnits = await db.select({ id: units.id, tenantId: units.tenantId }).from(units).where(sql`${units.agencyId} is distinct from ${agencyId}`);
  const otherPeople = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.agencyId} is distinct from ${agencyId} and (${users.unitId} is null or ${users.unitId} not in (select ${units.id} from ${units} where ${units.agencyId} = ${agencyId}))`);
  return [
    ...otherAgencies.map((agency) => agency.id),
    ...otherUnits.flatMap((unit) => [unit.id, ...(unit.tenantId.length >= 6 ? [unit.tenantId] : [])]),
    ...otherPeople.map((person) => person.id),
  ];
}

/** The rows of a list reply, whatever its shape (`{records}` or a bare array). */
export function rowsOf(data: unknown): Record<string, unknown>[] {
  if (Array.isArray(data)) return data as Record<string, unknown>[];
  const records = (data as { records?: unknown } | null)?.records;
  return Array.isArray(records) ? (records as Record<string, unknown>[]) : [];
}
