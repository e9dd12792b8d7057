import type { FastifyInstance } from 'fastify';
import { LOG_ACTION, LOG_OBJECT, MY_APP_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { confirmTotpEnrolment, removeTotp, startTotpEnrolment } from '../../identity/totp.ts';
import { enableTwoFactor } from '../../identity/two-factor-enrolment.ts';
import { twoFactorStateOf } from '../../identity/two-factor-policy.ts';
import { auditedChange } from '../../platform/audit.ts';
import { registerCall } from '../../platform/call.ts';
import { AppError } from '../../platform/errors.ts';
import { reauthenticate } from './reauthentication.ts';

/**
 * The signed-in user's authenticator app (TOTP): the password, then the secret as a QR code
 * and as text (logged as the app's registration), then a first code from the app confirms it
 * (logged as its confirmation). Confirming turns two-factor on
 * (with recovery codes, shown once) when it was off.
 */
export function registerMyAppRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const appLog = (action: (typeof LOG_ACTION)[keyof typeof LOG_ACTION]) => ({ object: LOG_OBJECT.authenticatorApp, action });

  registerCall(app, MY_APP_CALLS.start, {}, async (request) => {
    const { user } = request.actorRecord;
    await reauthenticate(ctx, request, request.body, appLog(LOG_ACTION.register));
    return await auditedChange(db, request, appLog(LOG_ACTION.register), (tx) => startTotpEnrolment(tx, ctx.secrets, user));
  });

  registerCall(app, MY_APP_CALLS.confirm, {}, async (request) =>
    auditedChange(db, request, appLog(LOG_ACTION.confirm), async (tx) => {
      const userId = request.actor.userId;
      if (!(await confirmTotpEnrolment(tx, ctx.secrets, userId, request.body.code, ctx.clock.now().getTime()))) throw new AppError('verification.failed');
      if ((await twoFactorStateOf(tx, userId))?.enabledAt) return { recoveryCodes: [] };
      return { recoveryCodes: await enableTwoFactor(tx, userId, ctx.clock.now()) };
    }),
  );

  registerCall(app, MY_APP_CALLS.remove, {}, async (request) => {
    const { user } = request.actorRecord;
    await reauthenticate(ctx, request, request.body, appLog(LOG_ACTION.delete));
    return await auditedChange(db, request, appLog(LOG_ACTION.delete), async (tx) => {
      await removeTotp(tx, user.id);
      return true;
    });
  });
}
