import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { LOCKOUT, USER_STATUS, type Language } from '@portal/contracts';
import type { Database } from '../db/client.ts';
import { users, verificationCodes } from '../db/schema/index.ts';
import type { Clock } from '../platform/clock.ts';
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
  clock: Clock;
}

/** Thrown inside the decoy transaction to undo it. */
class Decoy extends Error {}

/**
 * Forgot password: e-mails a single-use link to the active, unlocked account registered under
 * `email`, at the address it is registered with. Every other address — unknown, locked,
 * disabled — gets the same answer after the same work, so the answer cannot tell an attacker
 * which addresses are registered: the same rate limit (a second request for an address within
 * 10 minutes → code 14, counted for any address), the same link made and stored, the same mail
 * rendered and queued — then undone, so nothing is sent.
 */
export async function requestPasswordReset(deps: ResetDeps, email: string, language: Language): Promise<{ validMinutes: number }> {
  const address = email.trim().toLowerCase();
  const now = deps.clock.now();
  const allowed = await hitRateLimit(deps.db, now, `forgot-password:${address}`, {
    limit: 1,
    windowMs: LOCKOUT.resetRequestWaitMinutes * 60_000,
  });
  if (!allowed) throw new AppError('account.reset_already_requested');
  const [user] = await deps.db.select().from(users).where(sql`lower(${users.email}) = ${address}`);
  const sendsLink = user !== undefined && !isLocked(user, now) && user.status === USER_STATUS.active;

  const token = randomBytes(32).toString('base64url');
  // The link's lifetime is a system setting, read per request so a change holds at once everywhere.
  const validMinutes = await readNumberSetting(deps.db, 'PASSWORD_RESET_LINK_TTL_MINUTES');
  const expiresAt = new Date(now.getTime() + validMinutes * 60_000);
  await deps.db
    .transaction(async (tx) => {
      const fresh = { codeHash: tokenHash(token), expiresAt, attempts: 0, consumedAt: null, lastSentAt: now };
      await tx
        .insert(verificationCodes)
        .values({ purpose: PURPOSE, subject: user?.id ?? randomUUID(), ...fresh })
        .onConflictDoUpdate({ target: [verificationCodes.purpose, verificationCodes.subject], set: fresh });
      await deps.mailer.send(tx, {
        kind: 'passwordResetLink',
        to: user?.email ?? address,
        language,
        params: {
          username: user?.username ?? address,
          link: `${signinPage(deps.publicUrl)}?resetToken=${token}`,
          minutes: validMinutes,
        },
      });
      if (!sendsLink) throw new Decoy();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Decoy)) throw error;
    });
  return { validMinutes };
}

/** The account a live reset link belongs to; a used, expired or unknown link is refused. */
async function userOfToken(db: Database, now: Date, token: string) {
  const [row] = await db
    .select({ id: verificationCodes.id, userId: verificationCodes.subject })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, PURPOSE),
        eq(verificationCodes.codeHash, tokenHash(token)),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    );
  const [user] = row ? await db.select().from(users).where(eq(users.id, row.userId)) : [];
  if (!row || !user) throw new AppError('verification.failed');
  // A lock stops the reset too: it must not become a way around it.
  if (isLocked(user, now)) throw new AppError('account.locked');
  return { codeId: row.id, user };
}

export async function checkResetToken(db: Database, now: Date, token: string): Promise<{ username: string }> {
  const { user } = await userOfToken(db, now, token);
  return { username: user.username };
}

/** Sets the new password from a reset link (used once) and signs the account out everywhere. */
export async function resetPassword(deps: ResetDeps, token: string, newPassword: string, language: Language): Promise<void> {
  const now = deps.clock.now();
  const { codeId, user } = await userOfToken(deps.db, now, token);
  const [used] = await deps.db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (!used) throw new AppError('verification.failed');
  await setPassword(deps, user, newPassword, { language });
}
