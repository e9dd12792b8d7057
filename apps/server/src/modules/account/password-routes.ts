import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeMyPassSchema,
  checkResetTokenResultSchema,
  envelopeSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResultSchema,
  requestChangeMyPassResultSchema,
  requestChangeMyPassSchema,
  resetPasswordRequestSchema,
  resetTokenSchema,
} from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { sendCodeByMail } from '../../identity/code-mail.ts';
import { confirmOwnPassword } from '../../identity/password-confirmation.ts';
import { checkResetToken, requestPasswordReset, resetPassword } from '../../identity/password-reset.ts';
import { setPassword } from '../../identity/password-update.ts';
import { limitPerAddress } from '../../platform/ip-limits.ts';
import { usesTwoFactor } from '../../identity/two-factor-policy.ts';
import { CODE_PURPOSES, consumeCode } from '../../identity/verification-codes.ts';
import { ok } from '../../platform/envelope.ts';
import { languageOf } from '../../platform/language.ts';

/** Forgot password (public) and change password (the account menu). */
export function registerPasswordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: ctx.db, mailer: ctx.mailer, realtime: ctx.realtime, publicUrl: ctx.config.publicUrl };

  routes.post(
    '/api/Account/ForgotPassword',
    {
      config: { access: 'public' },
      schema: { tags: ['Account'], body: forgotPasswordRequestSchema, response: { 200: envelopeSchema(forgotPasswordResultSchema) } },
    },
    async (request) => {
      await limitPerAddress(ctx.db, request, 'passwordReset');
      return ok(await requestPasswordReset(deps, request.body.email, languageOf(request)));
    },
  );

  routes.post(
    '/api/Account/CheckResetToken',
    {
      config: { access: 'public' },
      schema: { tags: ['Account'], body: z.strictObject({ token: resetTokenSchema }), response: { 200: envelopeSchema(checkResetTokenResultSchema) } },
    },
    async (request) => ok(await checkResetToken(ctx.db, request.body.token)),
  );

  routes.post(
    '/api/Account/ResetPassword',
    {
      config: { access: 'public' },
      schema: { tags: ['Account'], body: resetPasswordRequestSchema, response: { 200: envelopeSchema(z.boolean()) } },
    },
    async (request) => {
      await resetPassword(deps, request.body.token, request.body.newPassword, languageOf(request));
      return ok(true);
    },
  );

  routes.post(
    '/api/User/RequestChangeMyPass',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['User'], body: requestChangeMyPassSchema, response: { 200: envelopeSchema(requestChangeMyPassResultSchema) } },
    },
    async (request) => {
      const { user } = request.actorRecord;
      await confirmOwnPassword(ctx.db, user, request.body.oldPassword, 'account.old_password_incorrect');
      if (await usesTwoFactor(ctx.db, user)) {
        const sent = await sendCodeByMail(
          ctx.db,
          ctx.mailer,
          { purpose: CODE_PURPOSES.changePassword, subject: user.id },
          { email: user.email, language: languageOf(request) },
        );
        return ok({ enableVerify: true, resendAfterSeconds: sent.resendAfterSeconds });
      }
      await setPassword(deps, user, request.body.newPassword, { keepGrantId: request.tokenClaims.grantId, language: languageOf(request) });
      return ok({ enableVerify: false, resendAfterSeconds: 0 });
    },
  );

  routes.post(
    '/api/User/ChangeMyPass',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['User'], body: changeMyPassSchema, response: { 200: envelopeSchema(z.boolean()) } },
    },
    async (request) => {
      const { user } = request.actorRecord;
      await confirmOwnPassword(ctx.db, user, request.body.oldPassword, 'account.old_password_incorrect');
      await consumeCode(ctx.db, CODE_PURPOSES.changePassword, user.id, request.body.codeVerify);
      await setPassword(deps, user, request.body.newPassword, { keepGrantId: request.tokenClaims.grantId, language: languageOf(request) });
      return ok(true);
    },
  );
}
