import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { TWO_FA_STATUS, type TwoFaConfig, TWO_FA_CONFIG_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import { twoFactorConfigs, units } from '../../db/schema/index.ts';
import { sendCodeByMail } from '../../identity/code-mail.ts';
import { policyFor } from '../../identity/two-factor-policy.ts';
import { CODE_PURPOSES, consumeCode } from '../../identity/verification-codes.ts';
import { registerCall } from '../../platform/call.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { languageOf } from '../../platform/language.ts';

async function assertUnitExists(db: Queryable, unitId: string | null): Promise<void> {
  if (!unitId) return;
  const [unit] = await db.select({ id: units.id }).from(units).where(eq(units.id, unitId));
  if (!unit) throw notFound();
}

async function savePolicy(db: Queryable, unitId: string | null, change: Partial<Omit<TwoFaConfig, 'unitId'>>): Promise<TwoFaConfig> {
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

/**
 * /TwoFAConfig: the platform administrators' two-factor policy, per unit or as the default.
 * Turning it on or off is confirmed with a code e-mailed to the administrator who asks.
 */
export function registerTwoFaConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const subjectOf = (userId: string, unitId: string | null) => `${userId}:${unitId ?? 'default'}`;

  registerCall(app, TWO_FA_CONFIG_CALLS.get, {}, async (request) => {
    const unitId = request.query.unitId ?? null;
    await assertUnitExists(db, unitId);
    return { ...(await policyFor(db, unitId)), unitId };
  });

  registerCall(app, TWO_FA_CONFIG_CALLS.save, {}, async (request) => {
    const { unitId, trigger, recurrenceDays, requiredFactor } = request.body;
    await assertUnitExists(db, unitId);
    return await savePolicy(db, unitId, { trigger, recurrenceDays: trigger === 'recurring' ? recurrenceDays : null, requiredFactor });
  });

  registerCall(app, TWO_FA_CONFIG_CALLS.askStatusChange, {}, async (request) => {
    const { unitId, status } = request.body;
    await assertUnitExists(db, unitId);
    const { user } = request.actorRecord;
    return (
      await sendCodeByMail(
        db,
        ctx.mailer,
        { purpose: CODE_PURPOSES.twoFactorPolicy, subject: subjectOf(user.id, unitId), payload: { status } },
        { email: user.email, language: languageOf(request) },
      )
    );
  });

  registerCall(app, TWO_FA_CONFIG_CALLS.verifyStatusChange, {}, async (request) => {
    const { unitId, status, code } = request.body;
    const asked = await consumeCode<{ status: number }>(db, CODE_PURPOSES.twoFactorPolicy, subjectOf(request.actor.userId, unitId), code);
    // The code confirms the change it was sent for, not another one.
    if (asked.status !== status) throw new AppError('verification.failed');
    return await savePolicy(db, unitId, { status: status === TWO_FA_STATUS.enabled ? TWO_FA_STATUS.enabled : TWO_FA_STATUS.disabled });
  });
}
