import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { ONE_TIME_CODE, VERIFICATION } from '@portal/contracts';
import type { Queryable } from '../db/client.ts';
import { verificationCodes } from '../db/schema/index.ts';
import { AppError } from '../platform/errors.ts';
import { readNumberSetting } from '../platform/settings.ts';

/** What a code confirms; each purpose has its own resend pause (the lifetime is a system setting). */
export const CODE_PURPOSES = {
  signUp: { key: 'sign_up', resendAfterSeconds: VERIFICATION.resendCountdownDefaultSeconds },
  twoFactorSignin: { key: 'two_factor_signin', resendAfterSeconds: VERIFICATION.resendCountdownDefaultSeconds },
  twoFactorSetup: { key: 'two_factor_setup', resendAfterSeconds: VERIFICATION.resendCountdownDefaultSeconds },
  twoFactorPolicy: { key: 'two_factor_policy', resendAfterSeconds: VERIFICATION.resendCountdownDefaultSeconds },
  changePassword: { key: 'change_password', resendAfterSeconds: VERIFICATION.resendCountdownAccountMenuSeconds },
  /** Not a code sent to anyone: the sign-in waiting for a new password (`new-password-step.ts`). */
  newPasswordSignin: { key: 'new_password_signin', resendAfterSeconds: 0 },
  /** Not sent either: the sign-in waiting for the authenticator app's code (its code is the app's). */
  twoFactorAppSignin: { key: 'two_factor_app_signin', resendAfterSeconds: 0 },
  /** Not sent either: the sign-in waiting for a passkey's registration (`passkey-enrolment-step.ts`). */
  passkeyEnrolmentSignin: { key: 'passkey_enrolment_signin', resendAfterSeconds: 0 },
} as const;
export type CodePurpose = (typeof CODE_PURPOSES)[keyof typeof CODE_PURPOSES];

/** Codes are stored hashed with their purpose and subject, so a hash is useless anywhere else. */
export function codeHash(purpose: string, subject: string, code: string): string {
  return createHash('sha256').update(`${purpose}\u0000${subject}\u0000${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function newNumericCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION.codeLength)).padStart(VERIFICATION.codeLength, '0');
}

/**
 * Issues a fresh code for `subject` (replacing any earlier one) and answers it, to be sent.
 * A resend before the purpose's pause, or past the number of sends allowed, is refused with
 * "too many"; both are checked in the same statement that writes, so parallel requests
 * cannot slip through.
 */
export async function issueCode(
  db: Queryable,
  now: Date,
  purpose: CodePurpose,
  subject: string,
  payload: unknown = null,
): Promise<{ code: string; resendAfterSeconds: number; ttlMinutes: number }> {
  const code = newNumericCode();
  // Read at every issue: a change in System → configuration holds for the next code on every instance.
  const ttlMinutes = await readNumberSetting(db, 'ONE_TIME_CODE_TTL_MINUTES');
  const expiresAt = new Date(now.getTime() + ttlMinutes * 60_000);
  const resendFrom = new Date(now.getTime() - purpose.resendAfterSeconds * 1000);
  const stale = sql`(${verificationCodes.consumedAt} is not null or ${verificationCodes.expiresAt} <= ${now})`;
  const [row] = await db
    .insert(verificationCodes)
    .values({ purpose: purpose.key, subject, codeHash: codeHash(purpose.key, subject, code), payload, expiresAt, lastSentAt: now })
    .onConflictDoUpdate({
      target: [verificationCodes.purpose, verificationCodes.subject],
      set: {
        codeHash: sql`excluded.code_hash`,
        payload: sql`excluded.payload`,
        attempts: 0,
        sends: sql`case when ${stale} then 1 else ${verificationCodes.sends} + 1 end`,
        lastSentAt: now,
        expiresAt,
        consumedAt: null,
      },
      setWhere: and(
        lte(verificationCodes.lastSentAt, resendFrom),
        or(sql`${stale}`, lt(verificationCodes.sends, ONE_TIME_CODE.maxSends)),
      ),
    })
    .returning({ id: verificationCodes.id });
  if (!row) throw new AppError('request.too_many');
  return { code, resendAfterSeconds: purpose.resendAfterSeconds, ttlMinutes };
}

/**
 * Checks a code and uses it up. Every try counts, atomically; after the allowed tries, once
 * expired or once used, the code is refused like a wrong one. Answers the code's payload.
 */
export async function consumeCode<T = unknown>(db: Queryable, now: Date, purpose: CodePurpose, subject: string, code: string): Promise<T> {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.purpose, purpose.key),
        eq(verificationCodes.subject, subject),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.attempts, ONE_TIME_CODE.maxAttempts),
      ),
    )
    .returning();
  if (!row || !sameHash(row.codeHash, codeHash(purpose.key, subject, code.trim()))) throw new AppError('verification.failed');
  const [used] = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (!used) throw new AppError('verification.failed');
  return row.payload as T;
}

/** The payload of a live (sent, unused, unexpired) code, e.g. to resend it. */
export async function pendingPayload<T = unknown>(db: Queryable, now: Date, purpose: CodePurpose, subject: string): Promise<T | undefined> {
  return (await pendingCode<T>(db, now, purpose, subject))?.payload;
}

/** A live code's payload and the seconds left before it may be resent. */
export async function pendingCode<T = unknown>(
  db: Queryable,
  now: Date,
  purpose: CodePurpose,
  subject: string,
): Promise<{ payload: T; resendAfterSeconds: number } | undefined> {
  const [row] = await db
    .select({ payload: verificationCodes.payload, lastSentAt: verificationCodes.lastSentAt })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose.key),
        eq(verificationCodes.subject, subject),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    );
  if (!row) return undefined;
  const waited = (now.getTime() - row.lastSentAt.getTime()) / 1000;
  return { payload: row.payload as T, resendAfterSeconds: Math.max(0, Math.ceil(purpose.resendAfterSeconds - waited)) };
}

/** Forgets a subject's code of a purpose (a step done another way must not leave it usable). */
export async function dropCode(db: Queryable, purpose: CodePurpose, subject: string): Promise<void> {
  await db.delete(verificationCodes).where(and(eq(verificationCodes.purpose, purpose.key), eq(verificationCodes.subject, subject)));
}

export async function purgeExpiredCodes(db: Queryable, now: Date): Promise<void> {
  await db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}

/** "nguyen.an@example.com" → "ng*****@example.com": enough to recognise, not to harvest (nor the name's length). */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}*****@${domain}`;
}
