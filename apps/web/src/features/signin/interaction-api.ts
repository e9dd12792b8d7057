import type { CodeSent, InteractionDetails, InteractionStep, LoginRequest, NewPasswordSignin, SignUpRequest, TwoFactorSignin } from '@portal/contracts';
import { apiRequest } from '../../api/http.ts';
import { appSettings } from '../../api/settings.ts';

/** The provider's interaction endpoints behind the sign-in screens (they sit beside /oidc). */
function interactionBase(): string {
  return `${appSettings().environment.authority}/interaction`;
}

function post<T>(uid: string, path: string, body: unknown = {}): Promise<T> {
  return apiRequest(`/${encodeURIComponent(uid)}/${path}`, { base: interactionBase(), method: 'POST', body, quietRefusal: true });
}

export function interactionDetails(uid: string, signal?: AbortSignal): Promise<InteractionDetails> {
  return apiRequest(`/${encodeURIComponent(uid)}/details`, { base: interactionBase(), signal, quietRefusal: true });
}

export const submitLogin = (uid: string, body: LoginRequest) => post<InteractionStep>(uid, 'login', body);
export const confirmGrant = (uid: string) => post<InteractionStep>(uid, 'confirm');
export const submitTwoFactor = (uid: string, body: TwoFactorSignin) => post<InteractionStep>(uid, 'two-factor', body);
export const resendTwoFactor = (uid: string) => post<CodeSent>(uid, 'two-factor/resend');
export const submitSignUp = (uid: string, body: SignUpRequest) => post<InteractionStep>(uid, 'sign-up', body);
export const verifySignUp = (uid: string, otp: string) => post<InteractionStep>(uid, 'sign-up/verify', { otp });
export const resendSignUp = (uid: string) => post<CodeSent>(uid, 'sign-up/resend');
export const submitNewPassword = (uid: string, body: NewPasswordSignin) => post<InteractionStep>(uid, 'new-password', body);
