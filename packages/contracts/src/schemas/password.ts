import { z } from 'zod';
import { LIMITS } from '../constants.ts';

export const PASSWORD_SPECIALS = '!@#$%^&*';

/** Section 5: at least 8 characters with a lowercase, an uppercase, a digit and one of !@#$%^&*. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*]).+$/;

export const passwordSchema = z
  .string()
  .min(LIMITS.passwordMin)
  .max(LIMITS.passwordMax)
  .regex(PASSWORD_PATTERN, { error: 'password_invalid' });

export function isStrongPassword(value: string): boolean {
  return passwordSchema.safeParse(value).success;
}

/**
 * Rules of a new account's form: the confirmation equals the password, and a username is
 * given when adding (no id). Editing leaves both alone.
 */
export function newAccountChecks(
  value: { id?: string | null | undefined; username?: string | undefined; password?: string | null | undefined; confirmPassword?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.password && value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'password_mismatch' });
  }
  if (!value.id && !value.username) ctx.addIssue({ code: 'custom', path: ['username'], message: 'required' });
}
