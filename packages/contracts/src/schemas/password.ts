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
