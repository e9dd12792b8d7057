import type { FastifyInstance } from 'fastify';
import { TWO_FA_STATUS, MY_TWO_FACTOR_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { sendCodeByMail } from '../../identity/code-mail.ts';
import { confirmOwnPassword } from '../../identity/password-confirmation.ts';
import { recoveryCodesLeft, regenerateRecoveryCodes } from '../../identity/recovery-codes.ts';
import { disableTwoFactor, enableTwoFactor } from '../../identity/two-factor-enrolment.ts';
import { policyFor, twoFactorStateOf } from '../../identity/two-factor-policy.ts';
import { passkeyCount } from '../../identity/second-factor.ts';
import { hasConfirmedTotp } from '../../identity/totp.ts';
import { CODE_PURPOSES, consumeCode } from '../../identity/verification-codes.ts';
import { registerCall } from '../../platform/call.ts';
import { AppError } from '../../platform/errors.ts';
import { languageOf } from '../../platform/language.ts';

/**
 * A user's own two-factor (section 4): password, then a code e-mailed to them, then enabled
 * with recovery codes shown once; turned off or new recovery codes with the password again.
 */
export function registerMyTwoFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  registerCall(app, MY_TWO_FACTOR_CALLS.status, {}, async (request) => {
    const { actor } = request;
    const [state, policy, left, keys, hasApp] = await Promise.all([
      twoFactorStateOf(db, actor.userId),
      policyFor(db, actor.unitId),
      recoveryCodesLeft(db, actor.userId),
      passkeyCount(db, actor.userId),
      hasConfirmedTotp(db, actor.userId),
    ]);
    return {
      status: state?.enabledAt ? TWO_FA_STATUS.enabled : TWO_FA_STATUS.disabled,
      recoveryCodesLeft: state?.enabledAt ? left : 0,
      requiredByPolicy: policy.status === TWO_FA_STATUS.enabled,
      requiredFactor: policy.requiredFactor,
      app: hasApp,
      passkeys: keys,
    };
  });

  registerCall(app, MY_TWO_FACTOR_CALLS.requestEnable, {}, async (request) => {
    const { user } = request.actorRecord;
    await confirmOwnPassword(db, ctx.clock.now(), user, request.body.password);
    return (
      await sendCodeByMail(db, ctx.clock.now(), ctx.mailer, { purpose: CODE_PURPOSES.twoFactorSetup, subject: user.id }, { email: user.email, language: languageOf(request) })
    );
  });

  registerCall(app, MY_TWO_FACTOR_CALLS.confirmEnable, {}, async (request) => {
    const userId = request.actor.userId;
    await consumeCode(db, ctx.clock.now(), CODE_PURPOSES.twoFactorSetup, userId, request.body.code);
    const recoveryCodes = await db.transaction((tx) => enableTwoFactor(tx, userId, ctx.clock.now()));
    return { recoveryCodes };
  });

  registerCall(app, MY_TWO_FACTOR_CALLS.disable, {}, async (request) => {
    const { user } = request.actorRecord;
    await confirmOwnPassword(db, ctx.clock.now(), user, request.body.password);
    await disableTwoFactor(db, user.id);
    return true;
  });

  registerCall(app, MY_TWO_FACTOR_CALLS.regenerate, {}, async (request) => {
    const { user } = request.actorRecord;
    await confirmOwnPassword(db, ctx.clock.now(), user, request.body.password);
    if (!(await twoFactorStateOf(db, user.id))?.enabledAt) throw new AppError('account.update_failed');
    return { recoveryCodes: await regenerateRecoveryCodes(db, user.id) };
  });
}
