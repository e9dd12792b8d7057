import { eq, sql } from 'drizzle-orm';
import { ONE_TIME_CODE, type Language, type SignUpRequest } from '@portal/contracts';
import type { Database, Transaction } from '../db/client.ts';
import { units, users } from '../db/schema/index.ts';
import { assertAccountIsFree } from './account-names.ts';
import { AppError } from '../platform/errors.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import { hitRateLimit } from '../platform/rate-limit.ts';
import { sendCodeByMail } from './code-mail.ts';
import { hashPassword } from './passwords.ts';
import { CODE_PURPOSES, consumeCode, pendingPayload } from './verification-codes.ts';

/** A sign-up waiting for its OTP; the password is kept only as its hash. */
interface PendingSignUp {
  companyName: string;
  businessCode: string;
  numberOfEmployees: string;
  username: string;
  email: string;
  passwordHash: string;
  language: Language;
}

/**
 * Starts a trial unit with its administrator (modules/unit's `startTrialUnit`). The app hands
 * it in: identity sits below the modules and does not import them.
 */
export type StartTrialUnit = (
  tx: Transaction,
  unit: { name: string; businessCode: string; numberOfEmployees: string },
  admin: { username: string; email: string; passwordHash: string },
  now: Date,
) => Promise<{ adminId: string; days: number }>;

/** OTP mails to one address per hour, across sign-up attempts: sign-up must not become a way to flood a mailbox. */
const SIGN_UP_MAILS = { limit: ONE_TIME_CODE.maxSends, windowMs: 60 * 60_000 };

async function countSignUpMail(db: Database, now: Date, email: string): Promise<void> {
  if (!(await hitRateLimit(db, now, `sign-up-mail:${email.trim().toLowerCase()}`, SIGN_UP_MAILS))) throw new AppError('request.too_many');
}

/**
 * Refusals a sign-up can meet before any code is sent: blocked domain, taken names. (Checked
 * again, by the database's unique indexes, when the confirmed sign-up creates the unit.)
 */
async function assertSignUpPossible(db: Database, request: { username: string; email: string; businessCode: string }): Promise<void> {
  await db.transaction((tx) => assertAccountIsFree(tx, request));
  const [taken] = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) = ${request.username.toLowerCase()} or lower(${users.email}) = ${request.email.toLowerCase()}`)
    .limit(1);
  if (taken) throw new AppError(taken.username.toLowerCase() === request.username.toLowerCase() ? 'account.username_exists' : 'account.email_exists');
  const [sameCode] = await db.select({ id: units.id }).from(units).where(eq(units.businessCode, request.businessCode));
  if (sameCode) throw new AppError('unit.business_code_exists');
}

/** Step 1: checks the request and e-mails the OTP; the sign-up waits under `subject` (the interaction). */
export async function requestSignUp(
  db: Database,
  now: Date,
  mailer: Mailer,
  subject: string,
  request: Omit<SignUpRequest, 'agreeTerms' | 'confirmPassword'>,
  language: Language,
) {
  await assertSignUpPossible(db, request);
  await countSignUpMail(db, now, request.email);
  const pending: PendingSignUp = {
    companyName: request.companyName,
    businessCode: request.businessCode,
    numberOfEmployees: request.numberOfEmployees,
    username: request.username,
    email: request.email,
    passwordHash: await hashPassword(request.password),
    language,
  };
  return sendCodeByMail(db, now, mailer, { purpose: CODE_PURPOSES.signUp, subject, payload: pending }, { email: request.email, language });
}

export async function resendSignUpCode(db: Database, now: Date, mailer: Mailer, subject: string) {
  const pending = await pendingPayload<PendingSignUp>(db, now, CODE_PURPOSES.signUp, subject);
  if (!pending) throw new AppError('verification.failed');
  await countSignUpMail(db, now, pending.email);
  return sendCodeByMail(db, now, mailer, { purpose: CODE_PURPOSES.signUp, subject, payload: pending }, { email: pending.email, language: pending.language });
}

/**
 * Step 2: the OTP is right, so the trial unit and its administrator (ADMINENTERPRISE) are
 * created, with the Trial pack when one is offered. Answers the new administrator.
 */
export async function completeSignUp(
  deps: { db: Database; mailer: Mailer; startTrialUnit: StartTrialUnit },
  sign: { subject: string; otp: string; signinUrl: string; now: Date },
) {
  const { db, mailer, startTrialUnit } = deps;
  const { subject, otp, signinUrl, now } = sign;
  const pending = await consumeCode<PendingSignUp>(db, now, CODE_PURPOSES.signUp, subject, otp);
  return db.transaction(async (tx) => {
    // The visitor's password was hashed when the OTP was sent; only that hash was kept.
    const { adminId, days } = await startTrialUnit(
      tx,
      { name: pending.companyName, businessCode: pending.businessCode, numberOfEmployees: pending.numberOfEmployees },
      { username: pending.username, email: pending.email, passwordHash: pending.passwordHash },
      now,
    );
    await mailer.send(tx, {
      kind: 'trialStarted',
      to: pending.email,
      language: pending.language,
      params: { username: pending.username, unitName: pending.companyName, days, signinUrl },
    });
    const [admin] = await tx
      .select({ id: users.id, username: users.username, unitId: users.unitId })
      .from(users)
      .where(eq(users.id, adminId));
    return admin!;
  });
}
