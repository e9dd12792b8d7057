import { PASSWORD_RESET_DESCRIPTORS as CALLS, type ForgotPasswordRequest, type ResetPasswordRequest } from '@portal/contracts';
import { callApi } from '../../api/call-api.ts';

// Descriptors, not the full calls: the sign-in's bundle carries no zod.
const quiet = { quietRefusal: true };

/** Forgot password: public calls, no session needed; the forms show refusals inline. */
export const passwordResetApi = {
  request: (body: ForgotPasswordRequest) => callApi(CALLS.forgot, body, quiet),
  check: (token: string, signal?: AbortSignal) => callApi(CALLS.checkResetToken, { token }, { ...quiet, signal }),
  reset: (body: ResetPasswordRequest) => callApi(CALLS.reset, body, quiet),
};
