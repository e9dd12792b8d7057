import { codeSentSchema, otpRequestSchema, signUpRequestSchema } from '../schemas/account.ts';
import { interactionDetailsSchema, interactionStepSchema, loginRequestSchema, newPasswordSigninSchema } from '../schemas/identity.ts';
import { twoFactorSigninSchema } from '../schemas/two-factor.ts';
import { withSchemas } from './define.ts';
import { INTERACTION_DESCRIPTORS as D } from './descriptors/interaction.ts';
import { interactionUidSchema as params } from './passkeys.ts';

const answer = interactionStepSchema;

/** The sign-in interaction's calls (`INTERACTION_DESCRIPTORS`) with their schemas: what the identity routes register. */
export const INTERACTION_CALLS = {
  details: withSchemas(D.details, { params, answer: interactionDetailsSchema }),
  login: withSchemas(D.login, { params, body: loginRequestSchema, answer }),
  confirm: withSchemas(D.confirm, { params, answer }),
  twoFactor: withSchemas(D.twoFactor, { params, body: twoFactorSigninSchema, answer }),
  twoFactorResend: withSchemas(D.twoFactorResend, { params, answer: codeSentSchema }),
  signUp: withSchemas(D.signUp, { params, body: signUpRequestSchema, answer }),
  signUpResend: withSchemas(D.signUpResend, { params, answer: codeSentSchema }),
  signUpVerify: withSchemas(D.signUpVerify, { params, body: otpRequestSchema, answer }),
  newPassword: withSchemas(D.newPassword, { params, body: newPasswordSigninSchema, answer }),
};
