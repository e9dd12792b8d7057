import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionStep, Language } from '@portal/contracts';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../platform/errors.ts';
import { languageOf } from '../platform/language.ts';
import { checkCredentials } from './accounts.ts';
import { sendCodeByMail } from './code-mail.ts';
import { deviceKeyHash } from './device.ts';
import { isSecure, type PendingInteraction } from './interaction.ts';
import { finishSignIn } from './new-password-step.ts';
import { secondFactorAtSignIn, type PendingTwoFactor, type SecondFactorStep } from './second-factor.ts';
import { CODE_PURPOSES, issueCode, maskEmail, pendingCode } from './verification-codes.ts';

/**
 * A sign-in by username (or e-mail) and password on a pending interaction: refused as the
 * credentials' check says; then done (or on to a new password), or on to the second factor
 * when the policy asks one at this sign-in, or refused when the policy wants this user's passkey.
 */
export async function signInWithPassword(
  ctx: AppContext,
  interaction: PendingInteraction,
  request: FastifyRequest,
  reply: FastifyReply,
  credentials: { username: string; password: string },
): Promise<InteractionStep> {
  const now = ctx.clock.now();
  const check = await checkCredentials(ctx.db, now, ctx.actors, credentials.username, credentials.password);
  if (!check.ok) {
    ctx.metrics.signIn(check.reason === 'locked' ? 'locked' : check.reason === 'disabled' ? 'disabled' : 'wrong_password');
    throw new AppError(check.reason === 'locked' ? 'account.locked' : check.reason === 'disabled' ? 'account.expired' : 'account.invalid_credentials');
  }
  const { user } = check;
  const device = deviceKeyHash(request, reply, isSecure(ctx));
  const second = await secondFactorAtSignIn(ctx.db, user, device, now);
  if (second.kind === 'none') return finishSignIn(ctx, interaction, request, user, device);
  // A policy asking for a phishing-resistant factor: a user who has a passkey must use it.
  if (second.kind === 'passkey') {
    ctx.metrics.signIn('passkey_required');
    throw new AppError('passkey.required');
  }
  return askSecondFactor(ctx, interaction.uid, user, device, second, languageOf(request));
}

/**
 * Asks the second factor of a sign-in whose password passed: the app's code when the user has
 * one, else a code e-mailed to them (and then, under "passkey only", a passkey's registration).
 */
async function askSecondFactor(
  ctx: AppContext,
  uid: string,
  user: { id: string; email: string },
  device: string,
  second: Extract<SecondFactorStep, { kind: 'code' }>,
  language: Language,
): Promise<InteractionStep> {
  const { db } = ctx;
  const now = ctx.clock.now();
  ctx.metrics.signIn('two_factor_asked');
  // Back from the code screen and signing in again: the code already sent still stands.
  const earlier = await pendingCode<PendingTwoFactor>(db, now, CODE_PURPOSES.twoFactorSignin, uid);
  const payload: PendingTwoFactor = { userId: user.id, deviceKeyHash: device, ...(second.enrolPasskey ? { enrolPasskey: true } : {}) };
  if (second.app && earlier?.payload.userId !== user.id) {
    // The app's code is asked; the pending sign-in is kept (no code is sent) for any instance.
    await issueCode(db, now, CODE_PURPOSES.twoFactorAppSignin, uid, payload);
    return { status: 'verify', purpose: 'two_factor', method: 'app', destination: '', resendAfterSeconds: 0 };
  }
  const sent =
    earlier?.payload.userId === user.id && earlier.resendAfterSeconds > 0
      ? { destination: maskEmail(user.email), resendAfterSeconds: earlier.resendAfterSeconds }
      : await sendCodeByMail(db, now, ctx.mailer, { purpose: CODE_PURPOSES.twoFactorSignin, subject: uid, payload }, { email: user.email, language });
  return { status: 'verify', purpose: 'two_factor', ...sent };
}
