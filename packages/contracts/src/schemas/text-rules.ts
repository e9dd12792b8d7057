import { LIMITS, VERIFICATION } from '../constants.ts';

/**
 * Section 5's text rules as plain data, with no zod in them: the zod schemas of `fields.ts`
 * are built from these (`textSchema`), and the sign-in screens, which must stay light, check
 * the same rules with `checkText`. One definition per rule, two readers; a test holds both
 * readers to the same verdict.
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
  'send_time_past',
  'sms_too_long',
  'phone_invalid',
  'image_type_invalid',
  'file_too_large',
  'text_invalid',
  'already_exists',
  'address_not_allowed',
  'invalid',
] as const;
export type FieldErrorKey = (typeof FIELD_ERROR_KEYS)[number];

/** Checks of one text field, applied in this order; the first that fails is the refusal. */
export interface TextRule {
  /** Spaces at both ends are removed first. */
  trim?: boolean;
  /** An empty value is refused with this key (and nothing else is checked). */
  required?: FieldErrorKey;
  /** Fewer characters are refused with `error` (and nothing else is checked). */
  min?: { length: number; error: FieldErrorKey };
  /** More characters are refused with `too_long`. */
  max?: number;
  /** A value the pattern does not match is refused with `error`. */
  pattern?: { regex: RegExp; error: FieldErrorKey };
}

export interface TextRefusal {
  key: FieldErrorKey;
  /** The limit a `too_long` refusal names. */
  max?: number;
}

/**
 * Text PostgreSQL can keep: its text types refuse the NUL character, and a lone UTF-16
 * surrogate has no UTF-8 form (drivers would silently write U+FFFD instead). Every text the
 * API receives is held to it (refused with `text_invalid`, naming the field), not only the
 * fields built from a rule.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

/** The same text made storable: NULs dropped, lone surrogates replaced (for what others send us). */
export function toStorableText(value: string): string {
  return value.replaceAll('\u0000', '').toWellFormed();
}

/**
 * The path of the first text in `input` (any depth: keys and values of objects, items of
 * arrays) that PostgreSQL cannot keep, or undefined when there is none.
 */
export function unstorableTextPath(input: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof input === 'string') return isStorableText(input) ? undefined : path;
  if (Array.isArray(input)) {
    for (let index = 0; index < input.length; index++) {
      const found = unstorableTextPath(input[index], [...path, index]);
      if (found) return found;
    }
  } else if (input !== null && typeof input === 'object') {
    for (const [key, value] of Object.entries(input)) {
      if (!isStorableText(key)) return [...path, key];
      const found = unstorableTextPath(value, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** The first check of `rule` that `value` fails, or undefined when it passes. */
export function checkText(rule: TextRule, value: unknown): TextRefusal | undefined {
  if (typeof value !== 'string') return { key: rule.required ?? 'invalid' };
  if (!isStorableText(value)) return { key: 'text_invalid' };
  const text = rule.trim ? value.trim() : value;
  if (rule.required && text.length === 0) return { key: rule.required };
  if (rule.min && text.length < rule.min.length) return { key: rule.min.error };
  if (rule.max !== undefined && text.length > rule.max) return { key: 'too_long', max: rule.max };
  if (rule.pattern && !rule.pattern.regex.test(text)) return { key: rule.pattern.error };
  return undefined;
}

/** Section 5's e-mail pattern: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const URL_PATTERN = /^https?:\/\/\S+$/;
const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION.codeLength}}$`);
export const PASSWORD_SPECIALS = '!@#$%^&*';
/** Section 5: at least 8 characters with a lowercase, an uppercase, a digit and one of !@#$%^&*. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*]).+$/;

/** Required text of at most `max` characters, trimmed. */
export const requiredTextRule = (max: number): TextRule => ({ trim: true, required: 'required', max });

export const EMAIL_RULE: TextRule = { trim: true, required: 'required', max: 255, pattern: { regex: EMAIL_PATTERN, error: 'email_invalid' } };
export const MOBILE_RULE: TextRule = { trim: true, required: 'required', max: LIMITS.phoneMax, pattern: { regex: /^\d+$/, error: 'digits_only' } };
export const USERNAME_RULE: TextRule = { trim: true, required: 'required', max: 64, pattern: { regex: /^[A-Za-z0-9._-]{3,}$/, error: 'username_invalid' } };
/** The password policy; an empty value breaks it too. */
export const PASSWORD_RULE: TextRule = {
  min: { length: LIMITS.passwordMin, error: 'password_invalid' },
  max: LIMITS.passwordMax,
  pattern: { regex: PASSWORD_PATTERN, error: 'password_invalid' },
};
/** A password the user chooses in a form: empty is "required", then the policy. */
export const NEW_PASSWORD_RULE: TextRule = { required: 'required', ...PASSWORD_RULE };
/** A confirmation: required here; that it equals the password is `passwordsMatch`. */
export const CONFIRM_PASSWORD_RULE: TextRule = { required: 'required' };
/** A 6-digit code sent by e-mail ("Verification code cannot be empty"; all 6 digits needed). */
export const VERIFICATION_CODE_RULE: TextRule = { trim: true, required: 'code_required', pattern: { regex: CODE_PATTERN, error: 'code_invalid' } };
/** The sign-up OTP: the same code, with the sign-up screen's own "OTP is required". */
export const OTP_RULE: TextRule = { trim: true, required: 'otp_required', pattern: { regex: CODE_PATTERN, error: 'code_invalid' } };
/** A passkey's name, given when it is registered (account screen or sign-in step). */
export const PASSKEY_NAME_RULE: TextRule = requiredTextRule(100);
/** One of the recovery codes shown when two-factor was turned on. */
export const RECOVERY_CODE_RULE: TextRule = { trim: true, required: 'code_required', max: 40 };

/** The confirmation must repeat the new password exactly. */
export function passwordsMatch(password: string | undefined, confirmation: string | undefined): boolean {
  return (password ?? '') === (confirmation ?? '');
}

/**
 * A Vietnamese enterprise code (mã số doanh nghiệp): 10 digits, or 10 digits, "-" and 3 more
 * for a branch. One rule for the unit forms, sign-up and an agency's trial registration.
 */
export const BUSINESS_CODE_RULE: TextRule = { trim: true, required: 'required', max: 14, pattern: { regex: /^\d{10}(-\d{3})?$/, error: 'business_code_invalid' } };

/** The sign-up form's text fields (section 5, sign-up); the schema of the request is built from them. */
export const SIGN_UP_RULES = {
  companyName: requiredTextRule(255),
  businessCode: BUSINESS_CODE_RULE,
  username: USERNAME_RULE,
  email: EMAIL_RULE,
  password: NEW_PASSWORD_RULE,
  confirmPassword: CONFIRM_PASSWORD_RULE,
} satisfies Record<string, TextRule>;

/** The reset-password form's fields. */
export const RESET_PASSWORD_RULES = { newPassword: NEW_PASSWORD_RULE, confirmPassword: CONFIRM_PASSWORD_RULE } satisfies Record<string, TextRule>;

/** The sign-in form's fields: what was typed is checked against the account, not a policy. */
export const LOGIN_RULES = {
  username: { trim: true, required: 'required', max: LIMITS.passwordMax },
  password: { required: 'required', max: LIMITS.passwordMax },
} satisfies Record<string, TextRule>;
