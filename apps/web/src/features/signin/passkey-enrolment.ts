import { PASSKEY_SIGNIN_CALLS, type InteractionStep } from '@portal/contracts';
import { callApi } from '../../api/call-api.ts';
import { createPasskey } from '../../shared/webauthn.ts';

/**
 * The sign-in's passkey registration (a "passkey only" policy, and the account has none yet):
 * the options, the browser's dialog that creates the passkey, then the passkey sent under its
 * name, which finishes the sign-in. Loaded with the step that asks for it.
 */
export async function enrolPasskey(base: string, uid: string, name: string): Promise<InteractionStep> {
  const request = { params: { uid }, base, quietRefusal: true };
  const options = await callApi(PASSKEY_SIGNIN_CALLS.enrolOptions, undefined, request);
  const response = await createPasskey(options);
  return callApi(PASSKEY_SIGNIN_CALLS.enrol, { name, response }, request);
}
