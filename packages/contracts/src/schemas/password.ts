import { z } from 'zod';
import { LIMITS } from '../constants.ts';

export const PASSWORD_SPECIALS = '!@#$%^&*';

/** Section 5: at least 8 characters with a lowercase, an uppercase, a digit and one of !@#$%^&*. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*]).+$/;

export const passwordSchema = z
  .string()
  .min(LIMITS.passwordMin, { error: 'password_invalid', abort: true })
  .max(LIMITS.passwordMax, { error: 'too_long' })
  .regex(PASSWORD_PATTERN, { error: 'password_invalid' });

/** Change password (section 5): spaces are stripped before the policy applies. */
export const strippedPasswordSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(1, { error: 'required', abort: true }).pipe(passwordSchema));

/** The confirmation must repeat the new password exactly. */
export function passwordsMatch(password: string | undefined, confirmation: string | undefined): boolean {
  return (password ?? '') === (confirmation ?? '');
}

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
  if (value.password && !passwordsMatch(value.password, value.confirmPassword ?? undefined)) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'password_mismatch' });
  }
  if (!value.id && !value.username) ctx.addIssue({ code: 'custom', path: ['username'], message: 'required' });
}
