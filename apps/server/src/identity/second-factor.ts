import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import type { Queryable } from '../db/client.ts';
import { passkeys } from '../db/schema/index.ts';
import { AppError } from '../platform/errors.ts';
import { recordFailedPassword } from './lockout.ts';
import { hasConfirmedTotp, useTotpCode } from './totp.ts';
import { policyFor } from './two-factor-policy.ts';
import { CODE_PURPOSES, pendingPayload } from './verification-codes.ts';

/** A sign-in waiting for its second factor, under the interaction's uid. */
export interface PendingTwoFactor {
  userId: string;
  deviceKeyHash: string;
}

/** The sign-in waiting at the two-factor step: for an e-mailed code, or for the app's. */
export async function pendingTwoFactor(db: Queryable, uid: string): Promise<PendingTwoFactor | undefined> {
  return (
    (await pendingPayload<PendingTwoFactor>(db, CODE_PURPOSES.twoFactorSignin, uid)) ??
    (await pendingPayload<PendingTwoFactor>(db, CODE_PURPOSES.twoFactorAppSignin, uid))
  );
}

export async function passkeyCount(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/**
 * Which second factor a password sign-in goes on with: the app's code when one is set up, and
 * whether the policy refuses anything but a passkey. A user with no passkey yet under such a
 * policy still passes with a code, so that they can sign in to register one.
 */
export async function secondFactorOf(db: Queryable, user: { id: string; unitId: string | null }) {
  const [policy, keys, app] = await Promise.all([policyFor(db, user.unitId), passkeyCount(db, user.id), hasConfirmedTotp(db, user.id)]);
  return { app, passkeyRequired: policy.requiredFactor === 'passkey' && keys > 0 };
}

/** An app code at sign-in: single use; a wrong one counts toward the lockout like a wrong password. */
export async function checkAppCode(ctx: AppContext, userId: string, code: string): Promise<void> {
  if (await useTotpCode(ctx.db, ctx.secrets, userId, code, false, ctx.clock.now().getTime())) return;
  const { locked } = await recordFailedPassword(ctx.db, userId);
  throw new AppError(locked ? 'account.locked' : 'verification.failed');
}
