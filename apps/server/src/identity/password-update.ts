import { eq } from 'drizzle-orm';
import { type Language } from '@portal/contracts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { Realtime } from '../platform/realtime/realtime.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import { revokeAccountSessions } from './adapter.ts';
import { hashPassword } from './passwords.ts';
import { signinPage } from './provider.ts';

/**
 * Sets a new password and ends the user's other sessions: their grants and refresh tokens are
 * deleted, access tokens issued before now are refused, and their live connections are told.
 * `keepGrantId` is the browser the change was made from (none for a forgot-password reset).
 */
export async function setPassword(
  deps: { db: Database; mailer: Mailer; realtime: Pick<Realtime, 'sessionsEnded'>; publicUrl: string },
  user: { id: string; username: string; email: string },
  newPassword: string,
  options: { keepGrantId?: string | undefined; language: Language },
): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const tokensValidAfter = new Date();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, tokensValidAfter, passwordChangeRequired: false }).where(eq(users.id, user.id));
    await deps.mailer.send(tx, {
      kind: 'passwordChanged',
      to: user.email,
      language: options.language,
      params: { username: user.username, signinUrl: signinPage(deps.publicUrl) },
    });
  });
  const ended = await revokeAccountSessions(deps.db, user.id, options.keepGrantId);
  deps.realtime.sessionsEnded(ended);
}
