import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, LOG_ACTION, LOG_OBJECT, passwordConfirmationSchema, recoveryCodesSchema, totpConfirmSchema, totpEnrolmentSchema } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { userTwoFactor } from '../../db/schema/index.ts';
import { confirmOwnPassword } from '../../identity/password-confirmation.ts';
import { regenerateRecoveryCodes } from '../../identity/recovery-codes.ts';
import { removeTotp, startTotpEnrolment, useTotpCode } from '../../identity/totp.ts';
import { twoFactorStateOf } from '../../identity/two-factor-policy.ts';
import { auditedChange } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The signed-in user's authenticator app (TOTP): the password, then the secret as a QR code
 * and as text, then a first code from the app confirms it. Confirming turns two-factor on
 * (with recovery codes, shown once) when it was off.
 */
export function registerMyAppRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const signedIn = { access: 'signed-in' as const };
  const tags = ['TwoFA'];
  const appLog = (action: (typeof LOG_ACTION)[keyof typeof LOG_ACTION]) => ({ object: LOG_OBJECT.authenticatorApp, action });

  routes.post(
    '/api/TwoFA/StartApp',
    { config: signedIn, schema: { tags, body: passwordConfirmationSchema, response: { 200: envelopeSchema(totpEnrolmentSchema) } } },
    async (request) => {
      const { user } = request.actorRecord;
      await confirmOwnPassword(db, user, request.body.password);
      return ok(await startTotpEnrolment(db, ctx.secrets, user));
    },
  );

  routes.post(
    '/api/TwoFA/ConfirmApp',
    { config: signedIn, schema: { tags, body: totpConfirmSchema, response: { 200: envelopeSchema(recoveryCodesSchema) } } },
    async (request) =>
      ok(
        await auditedChange(db, request, appLog(LOG_ACTION.register), async (tx) => {
          const userId = request.actor.userId;
          if (!(await useTotpCode(tx, ctx.secrets, userId, request.body.code, true, ctx.clock.now().getTime()))) throw new AppError('verification.failed');
          if ((await twoFactorStateOf(tx, userId))?.enabledAt) return { recoveryCodes: [] };
          const now = new Date();
          await tx
            .insert(userTwoFactor)
            .values({ userId, enabledAt: now, lastVerifiedAt: now })
            .onConflictDoUpdate({ target: userTwoFactor.userId, set: { enabledAt: now, lastVerifiedAt: now } });
          return { recoveryCodes: await regenerateRecoveryCodes(tx, userId) };
        }),
      ),
  );

  routes.post(
    '/api/TwoFA/RemoveApp',
    { config: signedIn, schema: { tags, body: passwordConfirmationSchema, response: { 200: envelopeSchema(z.boolean()) } } },
    async (request) => {
      const { user } = request.actorRecord;
      await confirmOwnPassword(db, user, request.body.password);
      return ok(
        await auditedChange(db, request, appLog(LOG_ACTION.delete), async (tx) => {
          await removeTotp(tx, user.id);
          return true;
        }),
      );
    },
  );
}
