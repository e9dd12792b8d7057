import { eq } from 'drizzle-orm';
import type { TwoFaConfig } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { twoFactorConfigs, units } from '../../db/schema/index.ts';
import { policyFor } from '../../identity/two-factor-policy.ts';
import { notFound } from '../../platform/errors.ts';

/** A policy names a unit that exists, or none (the default). */
export async function assertUnitExists(db: Queryable, unitId: string | null): Promise<void> {
  if (!unitId) return;
  const [unit] = await db.select({ id: units.id }).from(units).where(eq(units.id, unitId));
  if (!unit) throw notFound();
}

/** Changes part of a unit's two-factor policy (or the default's, unit null). */
export async function savePolicy(db: Queryable, unitId: string | null, change: Partial<Omit<TwoFaConfig, 'unitId'>>): Promise<TwoFaConfig> {
  const current = await policyFor(db, unitId);
  // A unit without its own row starts from the default it inherited.
  const next = { ...current, ...change, unitId };
  await db
    .insert(twoFactorConfigs)
    .values({ unitId, status: next.status, trigger: next.trigger, recurrenceDays: next.recurrenceDays, requiredFactor: next.requiredFactor })
    .onConflictDoUpdate({
      target: twoFactorConfigs.unitId,
      set: { status: next.status, trigger: next.trigger, recurrenceDays: next.recurrenceDays, requiredFactor: next.requiredFactor },
    });
  return next;
}
