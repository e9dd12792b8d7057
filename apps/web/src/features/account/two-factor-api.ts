import { MY_TWO_FACTOR_CALLS as CALLS } from '@portal/contracts';
import { callApi, useCall } from '../../api/call.ts';
import { accountKeys } from './account-api.ts';

// A module apart from account-api.ts, which the shell carries: these calls (and their schemas)
// load with the account dialog only.

export const useMyTwoFactor = () => useCall(CALLS.status, undefined, { key: accountKeys.twoFactor });

export const twoFactorApi = {
  requestEnable: (password: string) => callApi(CALLS.requestEnable, { password }),
  confirmEnable: (code: string) => callApi(CALLS.confirmEnable, { code }),
  disable: (password: string) => callApi(CALLS.disable, { password }),
  regenerate: (password: string) => callApi(CALLS.regenerate, { password }),
};
