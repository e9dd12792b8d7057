import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import type { Queryable } from '../db/client.ts';
import { passkeys } from '../db/schema/index.ts';
import { AppError } from '../platform/errors.ts';
import { recordFailedPassword } from './lockout.ts';
import { hasConfirmedTotp, useTotpCode } from './totp.ts';
import { twoFactorAtSignIn } from './two-factor-policy.ts';
import { CODE_PURPOSES, pendingPayload } from './verification-codes.ts';

/** A sign-in waiting for its second factor, under the interaction's uid. */
export interface PendingTwoFactor {
  userId: string;
  deviceKeyHash: string;
  /** Once the code passed, a passkey must be registered before the sign-in finishes. */
  enrolPasskey?: boolean;
}

/** The sign-in waiting at the two-factor step: for an e-mailed code, or for the app's. */
export async function pendingTwoFactor(db: Queryable, now: Date, uid: string): Promise<PendingTwoFactor | undefined> {
  return (
    (await pendingPayload<PendingTwoFactor>(db, now, CODE_PURPOSES.twoFactorSignin, uid)) ??
    (await pendingPayload<PendingTwoFactor>(db, now, CODE_PURPOSES.twoFactorAppSignin, uid))
  );
}

export async function passkeyCount(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.n ?? 0;
}

/** What a right password leads to. */
export type SecondFactorStep =
  | { kind: 'none' }
  /** The policy accepts only a passkey and the user has one: the password alone is refused. */
  | { kind: 'passkey' }
  /** A code (the app's when one is set up, else e-mailed); `enrolPasskey`: then a passkey's registration. */
  | { kind: 'code'; app: boolean; enrolPasskey: boolean };

/**
 * The second factor a password sign-in goes on with, as the user's two-factor and their unit's
 * policy say. "Passkey only" holds at every sign-in, whatever the trigger (a known device does
 * not let the password alone through): a user who has a passkey must sign in with it; one who
 * has none yet passes with a code and must then register one (passkey-enrolment-step.ts).
 */
export async function secondFactorAtSignIn(db: Queryable, user: { id: string; unitId: string | null }, deviceKeyHash: string, now: Date): Promise<SecondFactorStep> {
  const policy = await twoFactorAtSignIn(db, user, deviceKeyHash, now);
  if (!policy) return { kind: 'none' };
  if (policy.requiredFactor === 'passkey') {
    const [keys, app] = await Promise.all([passkeyCount(db, user.id), hasConfirmedTotp(db, user.id)]);
    return keys > 0 ? { kind: 'passkey' } : { kind: 'code', app, enrolPasskey: true };
  }
  if (!policy.codeDue) return { kind: 'none' };
  return { kind: 'code', app: await hasConfirmedTotp(db, user.id), enrolPasskey: false };
}

/** An app code at sign-in: single use; a wrong one counts toward the lockout like a wrong password. */
export async function checkAppCode(ctx: AppContext, userId: string, code: string): Promise<void> {
  const now = ctx.clock.now();
  if (await useTotpCode(ctx.db, ctx.secrets, userId, code, now.getTime())) return;
  const { locked } = await recordFailedPassword(ctx.db, now, userId);
  throw new AppError(locked ? 'account.locked' : 'verification.failed');
}
