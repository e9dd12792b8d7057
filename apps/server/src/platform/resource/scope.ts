import { eq, type Column, type SQL } from 'drizzle-orm';
import type { Actor } from '../actor.ts';
import { AppError } from '../errors.ts';

/** Which units' data a caller reaches: one unit, or every unit (platform staff). */
export interface Scope {
  /** The caller's unit; null means platform-wide. */
  unitId: string | null;
}

export function scopeOf(actor: Actor): Scope {
  return { unitId: actor.unitId };
}

/** The condition that keeps a unit-scoped query inside the caller's unit (none for platform staff). */
export function withinScope(unitColumn: Column, scope: Scope): SQL | undefined {
  return scope.unitId === null ? undefined : eq(unitColumn, scope.unitId);
}

/**
 * The unit a new unit-scoped object goes to: always the caller's own unit; platform staff
 * must name one. Whatever unit a unit's user sends is ignored.
 */
export function unitForWrite(scope: Scope, requested: string | null | undefined, field = 'body.unitId'): string {
  if (scope.unitId !== null) return scope.unitId;
  if (!requested) throw new AppError('request.bad_request', { errors: [{ field, message: 'required' }] });
  return requested;
}
