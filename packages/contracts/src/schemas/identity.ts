import { z } from 'zod';
import { textSchema } from './fields.ts';
import { LOGIN_RULES } from './text-rules.ts';

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
 * What the sign-in screen does next: go on to finish the authorization request, or ask for
 * a code e-mailed to the user (two-factor at sign-in, the sign-up OTP).
 */
export const interactionStepSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('done'), redirectTo: z.string() }),
  z.object({
    status: z.literal('verify'),
    purpose: z.enum(['two_factor', 'sign_up']),
    /** Where the code went, partly masked. */
    destination: z.string(),
    resendAfterSeconds: z.number().int(),
  }),
]);
export type InteractionStep = z.infer<typeof interactionStepSchema>;
