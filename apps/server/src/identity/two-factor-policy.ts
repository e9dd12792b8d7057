import { eq, getTableColumns, isNull, or } from 'drizzle-orm';
import { normalizeTwoFaStatus, TWO_FA_STATUS, type TwoFaConfig } from '@portal/contracts';
import type { Queryable } from '../db/client.ts';
import { twoFactorConfigs, users, userTwoFactor } from '../db/schema/index.ts';
import { isKnownDevice } from './device.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** With no policy anywhere: nobody is required, and enrolled users are asked on new devices. */
const NO_POLICY: Omit<TwoFaConfig, 'unitId'> = { status: TWO_FA_STATUS.disabled, trigger: 'new_device', recurrenceDays: null, requiredFactor: 'any' };

type PolicyRow = typeof twoFactorConfigs.$inferSelect;

/** The policy of a unit among the rows that may hold it: its own, else the default one (unit null), else none. */
function policyAmong(rows: readonly PolicyRow[], unitId: string | null): TwoFaConfig {
  const row = rows.find((r) => r.unitId === unitId) ?? rows.find((r) => r.unitId === null);
  if (!row) return { unitId, ...NO_POLICY };
  return {
    unitId: row.unitId,
    status: normalizeTwoFaStatus(row.status),
    trigger: row.trigger,
    recurrenceDays: row.recurrenceDays as TwoFaConfig['recurrenceDays'],
    requiredFactor: row.requiredFactor,
  };
}

const policyRowsOf = (unitId: string | null) =>
  unitId === null ? isNull(twoFactorConfigs.unitId) : or(eq(twoFactorConfigs.unitId, unitId), isNull(twoFactorConfigs.unitId));

/** The policy of a unit: its own, else the default one (unit null), else none. */
export async function policyFor(db: Queryable, unitId: string | null): Promise<TwoFaConfig> {
  return policyAmong(await db.select().from(twoFactorConfigs).where(policyRowsOf(unitId)), unitId);
}

/**
 * A user's own two-factor state and their unit's policy in one round trip (sign-in asks both):
 * the user's row joined to their state and to each policy row that may apply.
 */
async function stateAndPolicyOf(db: Queryable, user: { id: string; unitId: string | null }) {
  const rows = await db
    .select({ state: getTableColumns(userTwoFactor), policy: getTableColumns(twoFactorConfigs) })
    .from(users)
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
    .leftJoin(twoFactorConfigs, policyRowsOf(user.unitId))
    .where(eq(users.id, user.id));
  return { state: rows[0]?.state ?? undefined, policy: policyAmong(rows.flatMap((row) => (row.policy ? [row.policy] : [])), user.unitId) };
}

export async function twoFactorStateOf(db: Queryable, userId: string) {
  const [state] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return state;
}

/** Does this user verify codes at all: enrolled themselves, or required by their unit's policy? */
export async function usesTwoFactor(db: Queryable, user: { id: string; unitId: string | null }): Promise<boolean> {
  const { state, policy } = await stateAndPolicyOf(db, user);
  return Boolean(state?.enabledAt) || policy.status === TWO_FA_STATUS.enabled;
}

/**
 * How the two-factor policy meets this sign-in: not at all (undefined) for a user who uses no
 * two-factor; else the factor it accepts and whether its trigger asks for a code now (at the
 * first login, on a device not seen before, or when the last verification is older than the
 * recurrence).
 */
export async function twoFactorAtSignIn(
  db: Queryable,
  user: { id: string; unitId: string | null },
  deviceKeyHash: string,
  now: Date,
): Promise<{ requiredFactor: TwoFaConfig['requiredFactor']; codeDue: boolean } | undefined> {
  const { state, policy } = await stateAndPolicyOf(db, user);
  if (!state?.enabledAt && policy.status !== TWO_FA_STATUS.enabled) return undefined;
  const lastVerified = state?.lastVerifiedAt ?? null;
  const codeDue = await (async () => {
    switch (policy.trigger) {
      case 'first_login':
        return lastVerified === null;
      case 'new_device':
        return !(await isKnownDevice(db, user.id, deviceKeyHash));
      case 'recurring':
        return lastVerified === null || now.getTime() - lastVerified.getTime() >= (policy.recurrenceDays ?? 1) * DAY_MS;
    }
  })();
  return { requiredFactor: policy.requiredFactor, codeDue };
}

/** Remembers a passed verification (for "first login" and "recurring"). */
export async function markTwoFactorVerified(db: Queryable, now: Date, userId: string): Promise<void> {
  await db
    .insert(userTwoFactor)
    .values({ userId, lastVerifiedAt: now })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: { lastVerifiedAt: now } });
}
