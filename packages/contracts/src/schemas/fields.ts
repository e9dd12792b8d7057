import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { EMAIL_RULE, isStorableText, MOBILE_RULE, OTP_RULE, requiredTextRule, URL_PATTERN, USERNAME_RULE, VERIFICATION_CODE_RULE, type TextRule } from './text-rules.ts';

/**
 * Field rules of section 5, written once (as data, in `text-rules.ts`) and shared by the
 * server's request schemas and the SPA's forms. Each refusal carries a message key
 * (`required`, `too_long` …) that the SPA turns into the phrase of section 5 in the user's
 * language (`i18n/<language>/validation.ts`); the server answers 400 naming the field.
 */

/** The zod schema of a text rule: the same checks in the same order as `checkText`. */
export function textSchema(rule: TextRule) {
  let schema = z.string().refine(isStorableText, { error: 'text_invalid', abort: true });
  if (rule.trim) schema = schema.trim();
  if (rule.required) schema = schema.min(1, { error: rule.required, abort: true });
  if (rule.min) schema = schema.min(rule.min.length, { error: rule.min.error, abort: true });
  if (rule.max !== undefined) schema = schema.max(rule.max, { error: 'too_long' });
  if (rule.pattern) schema = schema.regex(rule.pattern.regex, { error: rule.pattern.error });
  return schema;
}

export function requiredText(max: number) {
  return textSchema(requiredTextRule(max));
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

export const emailSchema = textSchema(EMAIL_RULE);

/** A person's first or last name. */
export const personNameSchema = requiredText(LIMITS.nameMax);
/**
 * A unit user's last name, which may be empty: a unit's first administrator, made with the unit
 * (the unit form and sign-up ask no name), has none, and the record the portal returns must be
 * accepted back unchanged. One's own profile still requires both names (section 5).
 */
export const lastNameSchema = textSchema({ trim: true, max: LIMITS.nameMax })
  .nullish()
  .transform((value) => value ?? '');
export const descriptionSchema = optionalText(LIMITS.descriptionMax);

export const mobileSchema = textSchema(MOBILE_RULE);

/** A phone number that may be left empty (digits only when given). */
export const optionalMobileSchema = z
  .string()
  .trim()
  .max(LIMITS.phoneMax, { error: 'too_long' })
  .regex(/^\d*$/, { error: 'digits_only' })
  .nullish()
  .transform((value) => value || null);

export const usernameSchema = textSchema(USERNAME_RULE);

export const urlSchema = z.string().trim().max(500, { error: 'too_long' }).regex(URL_PATTERN, { error: 'url_invalid' });

/** An ISO date-time (what the SPA's date pickers send). */
export const isoDateSchema = z.iso.datetime({ offset: true, error: 'invalid' });

/** A 6-digit code sent by e-mail ("Verification code cannot be empty"; all 6 digits needed). */
export const verificationCodeSchema = textSchema(VERIFICATION_CODE_RULE);

/** The sign-up OTP: the same code, with the sign-up screen's own "OTP is required". */
export const otpSchema = textSchema(OTP_RULE);

/**
 * The read-only fields of a record that lives in one unit's copy of one service (an app user,
 * role, profile or group, a unit's access to a service): ids with the names joined in.
 */
export const unitServiceRecordFields = {
  unitId: z.uuid(),
  unitName: z.string(),
  serviceId: z.uuid(),
  serviceCode: z.string(),
  serviceName: z.string(),
};
