import type { ForgotPasswordRequest, ResetPasswordRequest } from '@portal/contracts';
import { apiRequest } from '../../api/http.ts';

/** Forgot password: public calls, no session needed. */
export const passwordResetApi = {
  request: (body: ForgotPasswordRequest) => apiRequest<{ validMinutes: number }>('/Account/ForgotPassword', { body, quietRefusal: true }),
  check: (token: string, signal?: AbortSignal) => apiRequest<{ username: string }>('/Account/CheckResetToken', { body: { token }, signal, quietRefusal: true }),
  reset: (body: ResetPasswordRequest) => apiRequest<boolean>('/Account/ResetPassword', { body, quietRefusal: true }),
};
