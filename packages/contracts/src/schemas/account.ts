import { z } from 'zod';
import { LIMITS, USER_COUNT_BANDS } from '../constants.ts';
import { emailSchema, mobileSchema, optionalText, otpSchema, requiredText, textSchema, verificationCodeSchema } from './fields.ts';
import { strippedPasswordSchema } from './password.ts';
import { passwordsMatch, RESET_PASSWORD_RULES, SIGN_UP_RULES } from './text-rules.ts';

/** Sign-up of a trial unit with its administrator (section 5, sign-up). */
export const signUpFieldsSchema = z.strictObject({
  companyName: textSchema(SIGN_UP_RULES.companyName),
  businessCode: textSchema(SIGN_UP_RULES.businessCode),
  numberOfEmployees: z.enum(USER_COUNT_BANDS, { error: 'required' }),
  username: textSchema(SIGN_UP_RULES.username),
  email: textSchema(SIGN_UP_RULES.email),
  password: textSchema(SIGN_UP_RULES.password),
  confirmPassword: textSchema(SIGN_UP_RULES.confirmPassword),
  agreeTerms: z.literal(true, { error: 'agreement_required' }),
});
export const signUpRequestSchema = signUpFieldsSchema.refine((v) => passwordsMatch(v.password, v.confirmPassword), {
  path: ['confirmPassword'],
  error: 'password_mismatch',
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

export const otpRequestSchema = z.strictObject({ otp: otpSchema });
export type OtpRequest = z.infer<typeof otpRequestSchema>;

/** Forgot password: the e-mail of the account. */
export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const forgotPasswordResultSchema = z.object({
  /** Minutes the link stays valid. */
  validMinutes: z.number().int(),
});

export const resetTokenSchema = z.string().trim().min(20).max(200);

export const resetPasswordFieldsSchema = z.strictObject({
  token: resetTokenSchema,
  newPassword: textSchema(RESET_PASSWORD_RULES.newPassword),
  confirmPassword: textSchema(RESET_PASSWORD_RULES.confirmPassword),
});
export const resetPasswordRequestSchema = resetPasswordFieldsSchema.refine(
  (v) => passwordsMatch(v.newPassword, v.confirmPassword),
  { path: ['confirmPassword'], error: 'password_mismatch' },
);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const checkResetTokenResultSchema = z.object({ username: z.string() });

/** Change password, step 1 (section 5: spaces stripped, policy, confirmation equal). */
export const changePasswordFieldsSchema = z.strictObject({
  oldPassword: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().min(1, { error: 'required', abort: true }).max(LIMITS.passwordMax, { error: 'too_long' })),
  newPassword: strippedPasswordSchema,
  confirmPassword: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().min(1, { error: 'required', abort: true })),
});
export const requestChangeMyPassSchema = changePasswordFieldsSchema.refine(
  (v) => passwordsMatch(v.newPassword, v.confirmPassword),
  { path: ['confirmPassword'], error: 'password_mismatch' },
);
export type RequestChangeMyPass = z.input<typeof requestChangeMyPassSchema>;

export const requestChangeMyPassResultSchema = z.object({
  /** True when a code was e-mailed and step 2 must send it; false when the password is changed. */
  enableVerify: z.boolean(),
  resendAfterSeconds: z.number().int(),
});

/** Change password, step 2: the same fields plus the e-mailed code. */
export const changeMyPassSchema = changePasswordFieldsSchema
  .extend({ codeVerify: verificationCodeSchema })
  .refine((v) => passwordsMatch(v.newPassword, v.confirmPassword), { path: ['confirmPassword'], error: 'password_mismatch' });
export type ChangeMyPass = z.input<typeof changeMyPassSchema>;

/** Account information (section 5, profile): e-mail and roles are read-only, names trimmed. */
export const updateProfileRequestSchema = z.strictObject({
  firstName: requiredText(LIMITS.nameMax),
  lastName: requiredText(LIMITS.nameMax),
  mobile: mobileSchema,
  description: optionalText(LIMITS.descriptionMax),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** A resend of an e-mailed code: when the next one may be asked for. */
export const codeSentSchema = z.object({
  /** The address the code went to, partly masked. */
  destination: z.string(),
  resendAfterSeconds: z.number().int(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;
