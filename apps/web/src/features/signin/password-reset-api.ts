import { PASSWORD_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';
import type { ForgotPasswordRequest, ResetPasswordRequest } from '@portal/contracts';

/** Forgot password: public calls, no session needed. */
export const passwordResetApi = {
  request: (body: ForgotPasswordRequest) => callApi(PASSWORD_CALLS.forgot, body, { quietRefusal: true }),
  check: (token: string, signal?: AbortSignal) => callApi(PASSWORD_CALLS.checkResetToken, { token }, { signal, quietRefusal: true }),
  reset: (body: ResetPasswordRequest) => callApi(PASSWORD_CALLS.reset, body, { quietRefusal: true }),
};
