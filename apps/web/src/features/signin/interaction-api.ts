import type { InteractionDetails, InteractionStep, LoginRequest } from '@portal/contracts';
import { apiRequest } from '../../api/http.ts';
import { appSettings } from '../../app/settings.ts';

/** The provider's interaction endpoints behind the sign-in screens (they sit beside /oidc). */
function interactionBase(): string {
  return `${appSettings().environment.authority}/interaction`;
}

export function interactionDetails(uid: string, signal?: AbortSignal): Promise<InteractionDetails> {
  return apiRequest(`/${encodeURIComponent(uid)}/details`, { base: interactionBase(), signal, quietRefusal: true });
}

export function submitLogin(uid: string, body: LoginRequest): Promise<InteractionStep> {
  return apiRequest(`/${encodeURIComponent(uid)}/login`, { base: interactionBase(), body, quietRefusal: true });
}

export function confirmGrant(uid: string): Promise<InteractionStep> {
  return apiRequest(`/${encodeURIComponent(uid)}/confirm`, { base: interactionBase(), method: 'POST', body: {}, quietRefusal: true });
}
