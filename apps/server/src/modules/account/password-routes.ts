import type { FastifyInstance } from 'fastify';
import { PASSWORD_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { sendCodeByMail } from '../../identity/code-mail.ts';
import { confirmOwnPassword } from '../../identity/password-confirmation.ts';
import { checkResetToken, requestPasswordReset, resetPassword } from '../../identity/password-reset.ts';
import { setPassword } from '../../identity/password-update.ts';
import { limitPerAddress } from '../../platform/ip-limits.ts';
import { usesTwoFactor } from '../../identity/two-factor-policy.ts';
import { CODE_PURPOSES, consumeCode } from '../../identity/verification-codes.ts';
import { registerCall } from '../../platform/call.ts';
import { languageOf } from '../../platform/language.ts';

/** Forgot password (public) and change password (the account menu). */
export function registerPasswordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = { db: ctx.db, mailer: ctx.mailer, realtime: ctx.realtime, publicUrl: ctx.config.publicUrl, clock: ctx.clock };

  registerCall(app, PASSWORD_CALLS.forgot, {}, async (request) => {
    await limitPerAddress(ctx.db, ctx.clock.now(), request, 'passwordReset');
    return await requestPasswordReset(deps, request.body.email, languageOf(request));
  });

  registerCall(app, PASSWORD_CALLS.checkResetToken, {}, async (request) => await checkResetToken(ctx.db, ctx.clock.now(), request.body.token));

  registerCall(app, PASSWORD_CALLS.reset, {}, async (request) => {
    await resetPassword(deps, request.body.token, request.body.newPassword, languageOf(request));
    return true;
  });

  registerCall(app, PASSWORD_CALLS.requestChange, {}, async (request) => {
    const { user } = request.actorRecord;
    await confirmOwnPassword(ctx.db, ctx.clock.now(), user, request.body.oldPassword, 'account.old_password_incorrect');
    if (await usesTwoFactor(ctx.db, user)) {
      const sent = await sendCodeByMail(
        ctx.db,
        ctx.clock.now(),
        ctx.mailer,
        { purpose: CODE_PURPOSES.changePassword, subject: user.id },
        { email: user.email, language: languageOf(request) },
      );
      return { enableVerify: true, resendAfterSeconds: sent.resendAfterSeconds };
    }
    await setPassword(deps, user, request.body.newPassword, { keepGrantId: request.tokenClaims.grantId, language: languageOf(request) });
    return { enableVerify: false, resendAfterSeconds: 0 };
  });

  registerCall(app, PASSWORD_CALLS.change, {}, async (request) => {
    const { user } = request.actorRecord;
    await confirmOwnPassword(ctx.db, ctx.clock.now(), user, request.body.oldPassword, 'account.old_password_incorrect');
    await consumeCode(ctx.db, ctx.clock.now(), CODE_PURPOSES.changePassword, user.id, request.body.codeVerify);
    await setPassword(deps, user, request.body.newPassword, { keepGrantId: request.tokenClaims.grantId, language: languageOf(request) });
    return true;
  });
}
