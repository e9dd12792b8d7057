import type { ErrorKey } from '@portal/contracts';
import type { Queryable } from '../db/client.ts';
import { AppError } from '../platform/errors.ts';
import { hitRateLimit } from '../platform/rate-limit.ts';
import { verifyPassword } from './passwords.ts';

/** Password checks of a signed-in user (change password, two-factor set-up): 10 per 15 minutes. */
const CONFIRMATIONS = { limit: 10, windowMs: 15 * 60_000 };

/**
 * Confirms a signed-in user's password. The tries are limited per user across instances, so a
 * stolen session cannot be used to guess the password.
 */
export async function confirmOwnPassword(
  db: Queryable,
  now: Date,
  user: { id: string; passwordHash: string },
  password: string,
  wrong: ErrorKey = 'account.invalid_credentials',
): Promise<void> {
  if (!(await hitRateLimit(db, now, `password-confirmation:${user.id}`, CONFIRMATIONS))) throw new AppError('request.too_many');
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError(wrong);
}
