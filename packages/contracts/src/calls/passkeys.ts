import { z } from 'zod';
import { interactionStepSchema } from '../schemas/identity.ts';
import {
  passkeyRegisterSchema,
  passkeyRemoveSchema,
  passkeyRenameSchema,
  passkeySchema,
  passkeySigninSchema,
  reauthenticationSchema,
  webauthnOptionsSchema,
} from '../schemas/passkeys.ts';
import { defineCall } from './define.ts';

/** The signed-in user's passkeys (account information → security). */
export const MY_PASSKEY_CALLS = {
  list: defineCall({ method: 'GET', path: '/Passkey/GetMine', tag: 'Passkey', access: 'signed-in', answer: z.array(passkeySchema) }),
  /** A re-authentication with a passkey first asks for options naming the user's own passkeys. */
  reauthOptions: defineCall({ method: 'POST', path: '/Passkey/ReauthOptions', tag: 'Passkey', access: 'signed-in', answer: webauthnOptionsSchema }),
  registerOptions: defineCall({ method: 'POST', path: '/Passkey/RegisterOptions', tag: 'Passkey', access: 'signed-in', body: reauthenticationSchema, answer: webauthnOptionsSchema }),
  register: defineCall({ method: 'POST', path: '/Passkey/Register', tag: 'Passkey', access: 'signed-in', body: passkeyRegisterSchema, answer: passkeySchema }),
  rename: defineCall({ method: 'POST', path: '/Passkey/Rename', tag: 'Passkey', access: 'signed-in', body: passkeyRenameSchema, answer: passkeySchema }),
  remove: defineCall({ method: 'POST', path: '/Passkey/Remove', tag: 'Passkey', access: 'signed-in', body: passkeyRemoveSchema, answer: z.boolean() }),
};

/** The sign-in interaction's uid (the provider's, in the sign-in screen's address). */
export const interactionUidSchema = z.object({ uid: z.string().min(1).max(64) });

/**
 * Sign-in with a passkey, a step of the provider's interaction (so under /oidc/interaction,
 * guarded by the interaction's cookie rather than the access table).
 */
export const PASSKEY_SIGNIN_CALLS = {
  options: defineCall({ method: 'POST', mount: 'interaction', path: '/:uid/passkey/options', tag: 'Interaction', access: 'public', params: interactionUidSchema, answer: webauthnOptionsSchema }),
  signIn: defineCall({
    method: 'POST',
    mount: 'interaction',
    path: '/:uid/passkey',
    tag: 'Interaction',
    access: 'public',
    params: interactionUidSchema,
    body: passkeySigninSchema,
    answer: interactionStepSchema,
  }),
  /**
   * The sign-in's step of an account that must register a passkey (a "passkey only" policy and
   * none yet): the options to create one, then the new passkey, which finishes the sign-in.
   */
  enrolOptions: defineCall({ method: 'POST', mount: 'interaction', path: '/:uid/passkey/register/options', tag: 'Interaction', access: 'public', params: interactionUidSchema, answer: webauthnOptionsSchema }),
  enrol: defineCall({
    method: 'POST',
    mount: 'interaction',
    path: '/:uid/passkey/register',
    tag: 'Interaction',
    access: 'public',
    params: interactionUidSchema,
    body: passkeyRegisterSchema,
    answer: interactionStepSchema,
  }),
};
