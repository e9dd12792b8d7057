import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { AppError } from '../platform/errors.ts';
import { assertNewEmailAllowed } from './email-domain.ts';

/** Refuses a username or e-mail that another account already has (codes 11 and 8), or a blacklisted e-mail domain (9102). */
export async function assertAccountIsFree(tx: Transaction, account: { username: string; email: string }, exceptUserId?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(
      sql`(lower(${users.username}) = ${account.username.toLowerCase()} or lower(${users.email}) = ${account.email.toLowerCase()})${
        exceptUserId ? sql` and ${users.id} <> ${exceptUserId}` : sql``
      }`,
    )
    .limit(1);
  if (taken) throw new AppError(taken.username.toLowerCase() === account.username.toLowerCase() ? 'account.username_exists' : 'account.email_exists');
  // Every account creation and e-mail change comes through here: the blacklists apply to them all.
  await assertNewEmailAllowed(tx, account.email, exceptUserId);
}
