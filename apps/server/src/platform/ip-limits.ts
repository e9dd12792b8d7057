import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { AppError } from './errors.ts';
import { hitRateLimit, type RateLimit } from './rate-limit.ts';

/**
 * Per-address limits on the public actions that guess passwords or send mail, beside the
 * per-account ones (lockout, one forgot-password mail per 10 minutes, code resend rules):
 * one address cannot try many accounts or flood many mailboxes. Generous, because an office
 * signs in from one address. Counted in the database, so every instance shares them.
 */
export const PER_ADDRESS_LIMITS = {
  signIn: { limit: 120, windowMs: 5 * 60_000 },
  codeSending: { limit: 30, windowMs: 10 * 60_000 },
  passwordReset: { limit: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateLimit>;

export type LimitedAction = keyof typeof PER_ADDRESS_LIMITS;

/** Counts this request against its address; refuses with 429 (code 9429) past the limit. */
export async function limitPerAddress(db: Queryable, now: Date, request: FastifyRequest, action: LimitedAction): Promise<void> {
  if (!(await hitRateLimit(db, now, `${action}-ip:${request.ip}`, PER_ADDRESS_LIMITS[action]))) throw new AppError('request.too_many');
}
