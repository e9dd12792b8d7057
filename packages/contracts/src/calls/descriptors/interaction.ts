import type { z } from 'zod';
import type { codeSentSchema, otpRequestSchema, signUpRequestSchema } from '../../schemas/account.ts';
import type { interactionDetailsSchema, interactionStepSchema, loginRequestSchema, newPasswordSigninSchema } from '../../schemas/identity.ts';
import type { twoFactorSigninSchema } from '../../schemas/two-factor.ts';
import { describeCall } from '../define.ts';

/** Where the provider's interaction calls live: beside /oidc, not under /api (the pending interaction's cookie guards them). */
export const INTERACTION_BASE = '/oidc/interaction';

type Uid = z.ZodObject<{ uid: z.ZodString }>;
type Step = typeof interactionStepSchema;

/**
 * The sign-in screens' calls on a pending interaction, their paths relative to
 * `INTERACTION_BASE` (mounted there: the interaction's cookie guards them, not the access hook).
 * The identity routes register them with their schemas (`INTERACTION_CALLS`); the sign-in sends
 * them with `callApi`, from the descriptors alone.
 */
export const INTERACTION_DESCRIPTORS = {
  details: describeCall<{ params: Uid; answer: typeof interactionDetailsSchema }>({ method: 'GET', path: '/:uid/details', mount: 'interaction', tag: 'Interaction', access: 'public' }),
  login: describeCall<{ params: Uid; body: typeof loginRequestSchema; answer: Step }>({ method: 'POST', path: '/:uid/login', mount: 'interaction', tag: 'Interaction', access: 'public' }),
  confirm: describeCall<{ params: Uid; answer: Step }>({ method: 'POST', path: '/:uid/confirm', mount: 'interaction', tag: 'Interaction', access: 'public' }),
  twoFactor: describeCall<{ params: Uid; body: typeof twoFactorSigninSchema; answer: Step }>({ method: 'POST', path: '/:uid/two-factor', mount: 'interaction', tag: 'Interaction', access: 'public' }),
  twoFactorResend: describeCall<{ params: Uid; answer: typeof codeSentSchema }>({ method: 'POST', path: '/:uid/two-factor/resend', mount: 'interaction', tag: 'Interaction', access: 'public' }),
  signUp: describeCall<{ params: Uid; body: typeof signUpRequestSchema; answer: Step }>({ method: 'POST', path: '/:uid/sign-up', mount: 'interaction', tag: 'Interaction', access: 'public' }),
  signUpResend: describeCall<{ params: Uid; answer: typeof codeSentSchema }>({ method: 'POST', path: '/:uid/sign-up/resend', mount: 'interaction', tag: 'Interaction', access: 'public' }),
  signUpVerify: describeCall<{ params: Uid; body: typeof otpRequestSchema; answer: Step }>({ method: 'POST', path: '/:uid/sign-up/verify', mount: 'interaction', tag: 'Interaction', access: 'public' }),
  newPassword: describeCall<{ params: Uid; body: typeof newPasswordSigninSchema; answer: Step }>({ method: 'POST', path: '/:uid/new-password', mount: 'interaction', tag: 'Interaction', access: 'public' }),
};
