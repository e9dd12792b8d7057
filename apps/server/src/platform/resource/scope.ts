import { eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { agencies, units } from '../../db/schema/index.ts';
import type { Actor } from '../actor.ts';
import { AppError, forbidden, notFound } from '../errors.ts';

/**
 * Which data a caller reaches: one unit (a unit's user), one agency and the units it brought
 * (an agency's user), or everything (platform staff: both null).
 */
export interface Scope {
  /** The caller's unit; null for platform staff and agency users. */
  unitId: string | null;
  /** The caller's agency; null for platform staff and units' users. */
  agencyId: string | null;
}

/** Everything: what platform staff reach, for code that acts on their behalf. */
export const PLATFORM_SCOPE: Scope = { unitId: null, agencyId: null };

export function scopeOf(actor: Actor): Scope {
  return { unitId: actor.unitId, agencyId: actor.agencyId };
}

export function isPlatform(scope: Scope): boolean {
  return scope.unitId === null && scope.agencyId === null;
}

const nothing = sql`false`;

/**
 * The condition that keeps a unit-scoped query inside the caller's reach: their unit, or the
 * units their agency brought (none for platform staff).
 */
export function withinScope(unitColumn: Column, scope: Scope): SQL | undefined {
  if (scope.unitId !== null) return eq(unitColumn, scope.unitId);
  if (scope.agencyId !== null) return inArray(unitColumn, sql`(select ${units.id} from ${units} where ${units.agencyId} = ${scope.agencyId})`);
  return undefined;
}

/** The condition on the units table itself: the caller's unit, their agency's units, or all. */
export function unitsWithin(scope: Scope): SQL | undefined {
  if (scope.unitId !== null) return eq(units.id, scope.unitId);
  if (scope.agencyId !== null) return eq(units.agencyId, scope.agencyId);
  return undefined;
}

/** The condition that keeps an agency-scoped query inside the caller's agency; a unit's user reaches none. */
export function withinAgency(agencyColumn: Column, scope: Scope): SQL | undefined {
  if (scope.unitId !== null) return nothing;
  if (scope.agencyId !== null) return eq(agencyColumn, scope.agencyId);
  return undefined;
}

function required(field: string): never {
  throw new AppError('request.bad_request', { errors: [{ field, message: 'required' }] });
}

/**
 * The unit a new unit-scoped object goes to: always the caller's own unit; platform staff
 * must name one. Whatever unit a unit's user sends is ignored; an agency's user never writes
 * inside a unit.
 */
export function unitForWrite(scope: Scope, requested: string | null | undefined, field = 'body.unitId'): string {
  if (scope.unitId !== null) return scope.unitId;
  if (scope.agencyId !== null) throw forbidden();
  return requested || required(field);
}

/**
 * The unit a unit's call acts on (a sync, an upgrade request, a trial): `unitForWrite`, except
 * that another unit named by a unit's user answers as unknown, like any of its objects, instead
 * of being ignored.
 */
export function unitOfCall(scope: Scope, requested: string | null | undefined): string {
  if (scope.unitId !== null && requested && requested !== scope.unitId) throw notFound();
  return unitForWrite(scope, requested);
}

/** The agency a new agency-scoped object goes to: the caller's own; platform staff must name one. */
export function agencyForWrite(scope: Scope, requested: string | null | undefined, field = 'body.agencyId'): string {
  if (scope.agencyId !== null) return scope.agencyId;
  if (scope.unitId !== null) throw forbidden();
  return requested || required(field);
}

/** A unit or an account may only be attached to an agency that exists. */
export async function assertAgencyExists(tx: Queryable, id: string, field = 'body.agencyId'): Promise<void> {
  const [found] = await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, id));
  if (!found) throw new AppError('request.bad_request', { errors: [{ field, message: 'unknown agency' }] });
}
