import type { Transaction } from '../db/client.ts';
import { assertNewEmailAllowed } from './email-domain.ts';

/**
 * Refuses a blacklisted e-mail domain (9102). A username or e-mail another account already has
 * (codes 11 and 8) is refused by the database's unique indexes, the one judge when two
 * accounts are created at once (platform/unique-violations.ts).
 */
export async function assertAccountIsFree(
  tx: Transaction,
  account: { username: string; email: string },
  exceptUserId?: string,
  /** The e-mail's name in the request's body (a new unit's `adminEmail`), where the refusal is shown. */
  emailField = 'email',
): Promise<void> {
  // Every account creation and e-mail change comes through here: the blacklists apply to them all.
  await assertNewEmailAllowed(tx, account.email, exceptUserId, emailField);
}
