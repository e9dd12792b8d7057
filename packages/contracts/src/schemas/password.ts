import { z } from 'zod';
import { textSchema } from './fields.ts';
import { passwordsMatch, PASSWORD_RULE } from './text-rules.ts';

export const passwordSchema = textSchema(PASSWORD_RULE);

/** Change password (section 5): spaces are stripped before the policy applies. */
export const strippedPasswordSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(1, { error: 'required', abort: true }).pipe(passwordSchema));

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
