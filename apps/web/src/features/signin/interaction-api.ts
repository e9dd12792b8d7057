import { INTERACTION_DESCRIPTORS as CALLS, type CallBody } from '@portal/contracts';
import { callApi } from '../../api/call-api.ts';
import { appSettings } from '../../api/settings.ts';

/** The provider's interaction endpoints behind the sign-in screens (they sit beside /oidc). */
export function interactionBase(): string {
  return `${appSettings().environment.authority}/interaction`;
}

/**
 * How every interaction call is sent: on the pending interaction `uid`, under the provider's
 * base, its refusal shown by the form that asked (at its field or above it), not as a toast.
 */
function on(uid: string, signal?: AbortSignal) {
  return { params: { uid }, base: interactionBase(), quietRefusal: true, ...(signal ? { signal } : {}) };
}

export const interactionDetails = (uid: string, signal?: AbortSignal) => callApi(CALLS.details, undefined, on(uid, signal));
export const submitLogin = (uid: string, body: CallBody<typeof CALLS.login>) => callApi(CALLS.login, body, on(uid));
export const confirmGrant = (uid: string) => callApi(CALLS.confirm, undefined, on(uid));
export const submitTwoFactor = (uid: string, body: CallBody<typeof CALLS.twoFactor>) => callApi(CALLS.twoFactor, body, on(uid));
export const resendTwoFactor = (uid: string) => callApi(CALLS.twoFactorResend, undefined, on(uid));
export const submitSignUp = (uid: string, body: CallBody<typeof CALLS.signUp>) => callApi(CALLS.signUp, body, on(uid));
export const verifySignUp = (uid: string, otp: string) => callApi(CALLS.signUpVerify, { otp }, on(uid));
export const resendSignUp = (uid: string) => callApi(CALLS.signUpResend, undefined, on(uid));
export const submitNewPassword = (uid: string, body: CallBody<typeof CALLS.newPassword>) => callApi(CALLS.newPassword, body, on(uid));
