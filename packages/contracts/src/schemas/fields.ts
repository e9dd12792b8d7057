import { z } from 'zod';
import { LIMITS, VERIFICATION } from '../constants.ts';

/**
 * Field rules of section 5, written once and shared by the server's request schemas and the
 * SPA's forms. Each refusal carries a message key (`required`, `too_long` …) that the SPA
 * turns into the phrase of section 5 in the user's language (`i18n/<language>/validation.ts`);
 * the server answers 400 naming the field.
 */
export const FIELD_ERROR_KEYS = [
  'required',
  'too_long',
  'email_invalid',
  'digits_only',
  'password_invalid',
  'password_mismatch',
  'code_required',
  'code_invalid',
  'otp_required',
  'agreement_required',
  'username_invalid',
  'url_invalid',
  'business_code_invalid',
  'date_range',
  'template_variable_unknown',
  'markup_unbalanced',
  'period_too_long',
  'invalid',
] as const;
export type FieldErrorKey = (typeof FIELD_ERROR_KEYS)[number];

/** Section 5's e-mail pattern: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const URL_PATTERN = /^https?:\/\/\S+$/;
const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION.codeLength}}$`);

export function requiredText(max: number) {
  return z.string().trim().min(1, { error: 'required', abort: true }).max(max, { error: 'too_long' });
}

/** Optional text: empty becomes null, so "cleared" and "never set" look alike. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: 'too_long' })
    .nullish()
    .transform((value) => value || null);
}

export const emailSchema = z
  .string()
  .trim()
  .min(1, { error: 'required', abort: true })
  .max(255, { error: 'too_long' })
  .regex(EMAIL_PATTERN, { error: 'email_invalid' });

/** A person's first or last name. */
export const personNameSchema = requiredText(LIMITS.nameMax);
export const descriptionSchema = optionalText(LIMITS.descriptionMax);

export const mobileSchema = z
  .string()
  .trim()
  .min(1, { error: 'required', abort: true })
  .max(LIMITS.phoneMax, { error: 'too_long' })
  .regex(/^\d+$/, { error: 'digits_only' });

/** A phone number that may be left empty (digits only when given). */
export const optionalMobileSchema = z
  .string()
  .trim()
  .max(LIMITS.phoneMax, { error: 'too_long' })
  .regex(/^\d*$/, { error: 'digits_only' })
  .nullish()
  .transform((value) => value || null);

export const usernameSchema = z
  .string()
  .trim()
  .min(1, { error: 'required', abort: true })
  .max(64, { error: 'too_long' })
  .regex(/^[A-Za-z0-9._-]{3,}$/, { error: 'username_invalid' });

export const urlSchema = z.string().trim().max(500, { error: 'too_long' }).regex(URL_PATTERN, { error: 'url_invalid' });

/** An ISO date-time (what the SPA's date pickers send). */
export const isoDateSchema = z.iso.datetime({ offset: true, error: 'invalid' });

/** A 6-digit code sent by e-mail ("Verification code cannot be empty"; all 6 digits needed). */
export const verificationCodeSchema = z
  .string()
  .trim()
  .min(1, { error: 'code_required', abort: true })
  .regex(CODE_PATTERN, { error: 'code_invalid' });

/** The sign-up OTP: the same code, with the sign-up screen's own "OTP is required". */
export const otpSchema = z.string().trim().min(1, { error: 'otp_required', abort: true }).regex(CODE_PATTERN, { error: 'code_invalid' });
