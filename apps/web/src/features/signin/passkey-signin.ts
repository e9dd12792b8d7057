import { PASSKEY_SIGNIN_CALLS, type InteractionStep } from '@portal/contracts';
import { callApi } from '../../api/call-api.ts';
import { assertPasskey } from '../../shared/webauthn.ts';

/**
 * Signs the interaction in with a discoverable passkey: from the button (the browser's dialog),
 * or with `autofill` from the username field's suggestions (it waits until one is picked;
 * `signal` gives it up before it starts).
 * Imported on demand: the calls' schemas and the WebAuthn package stay out of the sign-in
 * screen's first download.
 */
export async function signInWithPasskey(base: string, uid: string, autofill: boolean, signal?: AbortSignal): Promise<InteractionStep> {
  const request = { params: { uid }, base, quietRefusal: true };
  const options = await callApi(PASSKEY_SIGNIN_CALLS.options, undefined, { ...request, ...(signal ? { signal } : {}) });
  // Given up while the options came (the user pressed the button): starting now would end theirs.
  signal?.throwIfAborted();
  const response = await assertPasskey(options, autofill);
  // Given up while the browser asked (the button took over): the button's ceremony signs in, not this one.
  signal?.throwIfAborted();
  return callApi(PASSKEY_SIGNIN_CALLS.signIn, { response }, request);
}
