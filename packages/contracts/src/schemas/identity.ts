import { z } from 'zod';
import { textSchema } from './fields.ts';
import { LOGIN_RULES, passwordsMatch, RESET_PASSWORD_RULES } from './text-rules.ts';

/** What the sign-in screen learns about a pending interaction of the provider. */
export const interactionDetailsSchema = z.object({
  uid: z.string(),
  prompt: z.string(),
  clientId: z.string(),
  clientName: z.string().nullable(),
  loginHint: z.string().nullable(),
});
export type InteractionDetails = z.infer<typeof interactionDetailsSchema>;

export const loginRequestSchema = z.strictObject({
  username: textSchema(LOGIN_RULES.username),
  password: textSchema(LOGIN_RULES.password),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * What the sign-in screen does next: go on to finish the authorization request, ask for a
 * code e-mailed to the user (two-factor at sign-in, the sign-up OTP), or ask for a new
 * password (the account's password was generated or reset by an administrator).
 */
export const interactionStepSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('done'), redirectTo: z.string() }),
  z.object({ status: z.literal('new_password'), username: z.string() }),
  /** The policy accepts only a passkey and the account has none: it registers one before the sign-in finishes. */
  z.object({ status: z.literal('register_passkey'), username: z.string() }),
  z.object({
    status: z.literal('verify'),
    purpose: z.enum(['two_factor', 'sign_up']),
    /** `app`: the code is the authenticator app's (an e-mailed code can still be asked for). */
    method: z.enum(['email', 'app']).optional(),
    /** Where the code went, partly masked. */
    destination: z.string(),
    resendAfterSeconds: z.number().int(),
  }),
]);
export type InteractionStep = z.infer<typeof interactionStepSchema>;

/** The new password a first sign-in (or one after a reset by an administrator) sets, with the policy's rules. */
export const newPasswordSigninSchema = z
  .strictObject({
    newPassword: textSchema(RESET_PASSWORD_RULES.newPassword),
    confirmPassword: textSchema(RESET_PASSWORD_RULES.confirmPassword),
  })
  .refine((v) => passwordsMatch(v.newPassword, v.confirmPassword), { path: ['confirmPassword'], error: 'password_mismatch' });
export type NewPasswordSignin = z.infer<typeof newPasswordSigninSchema>;
