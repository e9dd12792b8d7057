import { eq } from 'drizzle-orm';
import type { CodeSent, Language } from '@portal/contracts';
import type { AppContext } from '../app-context.ts';
import { users } from '../db/schema/index.ts';
import { AppError } from '../platform/errors.ts';
import { hitRateLimit } from '../platform/rate-limit.ts';
import { accountForSignIn } from './accounts.ts';
import { sendCodeByMail } from './code-mail.ts';
import { useRecoveryCode } from './recovery-codes.ts';
import { checkAppCode, pendingTwoFactor } from './second-factor.ts';
import { markTwoFactorVerified } from './two-factor-policy.ts';
import { CODE_PURPOSES, consumeCode, dropCode } from './verification-codes.ts';

/** Code checks per user at sign-in, across interactions: 20 an hour. */
const TWO_FACTOR_CHECKS = { limit: 20, windowMs: 60 * 60_000 };

/** A second factor: the e-mailed code, the app's code, or else one of the recovery codes. */
interface SecondFactorProof {
  code?: string | undefined;
  appCode?: string | undefined;
  recoveryCode?: string | undefined;
}

/**
 * Checks the second factor the sign-in `uid` waits for and remembers the verification; answers
 * the account and the device the sign-in goes on with, and whether a passkey is due next.
 */
export async function passSecondFactor(ctx: AppContext, uid: string, proof: SecondFactorProof) {
  const { db } = ctx;
  const now = ctx.clock.now();
  const pending = await pendingTwoFactor(db, now, uid);
  if (!pending) throw new AppError('verification.failed');
  if (!(await hitRateLimit(db, now, `two-factor-signin:${pending.userId}`, TWO_FACTOR_CHECKS))) throw new AppError('request.too_many');
  const failed = (error: unknown) => {
    ctx.metrics.signIn('two_factor_failed');
    throw error;
  };
  const { code, appCode, recoveryCode = '' } = proof;
  if (code !== undefined) {
    await consumeCode(db, now, CODE_PURPOSES.twoFactorSignin, uid, code).catch(failed);
  } else if (appCode !== undefined) {
    await checkAppCode(ctx, pending.userId, appCode).catch(failed);
  } else {
    if (!(await useRecoveryCode(db, now, pending.userId, recoveryCode))) failed(new AppError('verification.failed'));
    // The e-mailed code of this sign-in must not be usable afterwards.
    await dropCode(db, CODE_PURPOSES.twoFactorSignin, uid);
  }
  const user = await accountForSignIn(db, now, pending.userId);
  await markTwoFactorVerified(db, now, user.id);
  return { user, deviceKeyHash: pending.deviceKeyHash, enrolPasskey: pending.enrolPasskey === true };
}

/** Sends the sign-in `uid` an e-mailed code again: from the app's code step too ("use an e-mailed code instead"). */
export async function resendSecondFactorCode(ctx: AppContext, uid: string, language: Language): Promise<CodeSent> {
  const now = ctx.clock.now();
  const pending = await pendingTwoFactor(ctx.db, now, uid);
  const [user] = pending ? await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, pending.userId)) : [];
  if (!pending || !user) throw new AppError('session.expired');
  return sendCodeByMail(ctx.db, now, ctx.mailer, { purpose: CODE_PURPOSES.twoFactorSignin, subject: uid, payload: pending }, { email: user.email, language });
}
