import type { FastifyInstance } from 'fastify';
import { LOG_ACTION, LOG_OBJECT, TWO_FA_STATUS, TWO_FA_CONFIG_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { sendCodeByMail } from '../../identity/code-mail.ts';
import { policyFor } from '../../identity/two-factor-policy.ts';
import { CODE_PURPOSES, consumeCode } from '../../identity/verification-codes.ts';
import { auditedChange, describeInput, type LogAction } from '../../platform/audit.ts';
import { registerCall } from '../../platform/call.ts';
import { AppError } from '../../platform/errors.ts';
import { languageOf } from '../../platform/language.ts';
import { assertUnitExists, savePolicy } from './policy-store.ts';

/**
 * /TwoFAConfig: the platform administrators' two-factor policy, per unit or as the default.
 * Turning it on or off is confirmed with a code e-mailed to the administrator who asks. Saving
 * it and changing its status are in the action log (refusals too), under the policy's unit.
 */
export function registerTwoFaConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const subjectOf = (userId: string, unitId: string | null) => `${userId}:${unitId ?? 'default'}`;
  const policyLog = (action: LogAction) => ({ object: LOG_OBJECT.twoFactorPolicy, action });

  registerCall(app, TWO_FA_CONFIG_CALLS.get, {}, async (request) => {
    const unitId = request.query.unitId ?? null;
    await assertUnitExists(db, unitId);
    return { ...(await policyFor(db, unitId)), unitId };
  });

  registerCall(app, TWO_FA_CONFIG_CALLS.save, { audit: policyLog(LOG_ACTION.edit) }, async (request) => {
    const { unitId, trigger, recurrenceDays, requiredFactor } = request.body;
    return await auditedChange(db, request, policyLog(LOG_ACTION.edit), async (tx, note) => {
      note({ objectId: unitId ?? undefined, unitId, content: describeInput(request.body) });
      await assertUnitExists(tx, unitId);
      return await savePolicy(tx, unitId, { trigger, recurrenceDays: trigger === 'recurring' ? recurrenceDays : null, requiredFactor });
    });
  });

  registerCall(app, TWO_FA_CONFIG_CALLS.askStatusChange, {}, async (request) => {
    const { unitId, status } = request.body;
    await assertUnitExists(db, unitId);
    const { user } = request.actorRecord;
    return (
      await sendCodeByMail(
        db,
        ctx.clock.now(),
        ctx.mailer,
        { purpose: CODE_PURPOSES.twoFactorPolicy, subject: subjectOf(user.id, unitId), payload: { status } },
        { email: user.email, language: languageOf(request) },
      )
    );
  });

  registerCall(app, TWO_FA_CONFIG_CALLS.verifyStatusChange, { audit: policyLog(LOG_ACTION.changeStatus) }, async (request) => {
    const { unitId, status, code } = request.body;
    // Checked outside the change's transaction, so that a wrong try stays counted when the
    // change is refused; the refusal is then the change's (logged as its failure).
    const asked = await consumeCode<{ status: number }>(db, ctx.clock.now(), CODE_PURPOSES.twoFactorPolicy, subjectOf(request.actor.userId, unitId), code).catch(
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
    return await auditedChange(db, request, policyLog(LOG_ACTION.changeStatus), async (tx, note) => {
      note({ objectId: unitId ?? undefined, unitId, content: describeInput({ unitId, status }) });
      if (asked instanceof Error) throw asked;
      // The code confirms the change it was sent for, not another one.
      if (asked.status !== status) throw new AppError('verification.failed');
      return await savePolicy(tx, unitId, { status: status === TWO_FA_STATUS.enabled ? TWO_FA_STATUS.enabled : TWO_FA_STATUS.disabled });
    });
  });
}
