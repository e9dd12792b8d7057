import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { LOCKOUT, USER_STATUS, type Language } from '@portal/contracts';
import type { Database } from '../db/client.ts';
import { users, verificationCodes } from '../db/schema/index.ts';
import type { Realtime } from '../platform/realtime/realtime.ts';
import { AppError } from '../platform/errors.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import { hitRateLimit } from '../platform/rate-limit.ts';
import { readNumberSetting } from '../platform/settings.ts';
import { isLocked } from './accounts.ts';
import { setPassword } from './password-update.ts';
import { signinPage } from './provider.ts';

const PURPOSE = 'password_reset';

function tokenHash(token: string): string {
  return createHash('sha256').update(`${PURPOSE}\u0000${token}`).digest('hex');
}

interface ResetDeps {
  db: Database;
  mailer: Mailer;
  realtime: Pick<Realtime, 'sessionsEnded'>;
  publicUrl: string;
}

/**
 * Forgot password: e-mails a single-use link to the account of `email`. Unknown e-mail →
 * code 12; a locked or disabled account gets no link; a second request for the same e-mail
 * within 10 minutes → code 14 (counted in the database, so every instance agrees).
 */
export async function requestPasswordReset(deps: ResetDeps, email: string, language: Language): Promise<{ validMinutes: number }> {
  const address = email.trim().toLowerCase();
  const [user] = await deps.db.select().from(users).where(sql`lower(${users.email}) = ${address}`);
  if (!user) throw new AppError('account.email_not_found');
  if (isLocked(user)) throw new AppError('account.locked');
  if (user.status !== USER_STATUS.active) throw new AppError('account.expired');
  const allowed = await hitRateLimit(deps.db, `forgot-password:${address}`, {
    limit: 1,
    windowMs: LOCKOUT.resetRequestWaitMinutes * 60_000,
  });
  if (!allowed) throw new AppError('account.reset_already_requested');

  const token = randomBytes(32).toString('base64url');
  // The link's lifetime is a system setting, read per request so a change holds at once everywhere.
  const validMinutes = await readNumberSetting(deps.db, 'PASSWORD_RESET_LINK_TTL_MINUTES');
  const expiresAt = new Date(Date.now() + validMinutes * 60_000);
  await deps.db.transaction(async (tx) => {
    const fresh = { codeHash: tokenHash(token), expiresAt, attempts: 0, consumedAt: null, lastSentAt: new Date() };
    await tx
      .insert(verificationCodes)
      .values({ purpose: PURPOSE, subject: user.id, ...fresh })
      .onConflictDoUpdate({ target: [verificationCodes.purpose, verificationCodes.subject], set: fresh });
    await deps.mailer.send(tx, {
      kind: 'passwordResetLink',
      to: user.email,
      language,
      params: {
        username: user.username,
        link: `${signinPage(deps.publicUrl)}?resetToken=${token}`,
        minutes: validMinutes,
      },
    });
  });
  return { validMinutes };
}

/** The account a live reset link belongs to; a used, expired or unknown link is refused. */
async function userOfToken(db: Database, token: string) {
  const [row] = await db
    .select({ id: verificationCodes.id, userId: verificationCodes.subject })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, PURPOSE),
        eq(verificationCodes.codeHash, tokenHash(token)),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    );
  const [user] = row ? await db.select().from(users).where(eq(users.id, row.userId)) : [];
  if (!row || !user) throw new AppError('verification.failed');
  // A lock stops the reset too: it must not become a way around it.
  if (isLocked(user)) throw new AppError('account.locked');
  return { codeId: row.id, user };
}

export async function checkResetToken(db: Database, token: string): Promise<{ username: string }> {
  const { user } = await userOfToken(db, token);
  return { username: user.username };
}

/** Sets the new password from a reset link (used once) and signs the account out everywhere. */
export async function resetPassword(deps: ResetDeps, token: string, newPassword: string, language: Language): Promise<void> {
  const { codeId, user } = await userOfToken(deps.db, token);
  const [used] = await deps.db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (!used) throw new AppError('verification.failed');
  await setPassword(deps, user, newPassword, { language });
}
