import { z } from 'zod';
import { LIMITS } from '../constants.ts';

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
  username: z.string().trim().min(1).max(LIMITS.passwordMax),
  password: z.string().min(1).max(LIMITS.passwordMax),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Where the browser goes next to finish the authorization request. */
export const interactionStepSchema = z.object({
  status: z.literal('done'),
  redirectTo: z.string(),
});
export type InteractionStep = z.infer<typeof interactionStepSchema>;
