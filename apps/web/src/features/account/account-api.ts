import { MY_TWO_FACTOR_CALLS, PASSWORD_CALLS, USER_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeMyPass, RequestChangeMyPass, UpdateDefaultLogin, UpdateProfileRequest } from '@portal/contracts';

import { queryKeys } from '../../api/queries.ts';

/** Query keys of the account area. */
export const accountKeys = {
  twoFactor: ['account', 'two-factor'] as const,
  apps: ['account', 'apps'] as const,
};

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => callApi(USER_CALLS.updateProfile, body),
    onSuccess: (profile) => client.setQueryData(queryKeys.profile, profile),
  });
}

export function requestChangeMyPass(body: RequestChangeMyPass) {
  return callApi(PASSWORD_CALLS.requestChange, body);
}

export function changeMyPass(body: ChangeMyPass) {
  return callApi(PASSWORD_CALLS.change, body);
}

export function useMyTwoFactor() {
  return useQuery({
    queryKey: accountKeys.twoFactor,
    queryFn: ({ signal }) => callApi(MY_TWO_FACTOR_CALLS.status, undefined, { signal }),
  });
}

export const twoFactorApi = {
  requestEnable: (password: string) => callApi(MY_TWO_FACTOR_CALLS.requestEnable, { password }),
  confirmEnable: (code: string) => callApi(MY_TWO_FACTOR_CALLS.confirmEnable, { code }),
  disable: (password: string) => callApi(MY_TWO_FACTOR_CALLS.disable, { password }),
  regenerate: (password: string) => callApi(MY_TWO_FACTOR_CALLS.regenerate, { password }),
};

export function useBaseApps() {
  return useQuery({
    queryKey: accountKeys.apps,
    queryFn: ({ signal }) => callApi(USER_CALLS.baseApps, undefined, { signal }),
  });
}

export function useUpdateDefaultLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDefaultLogin) => callApi(USER_CALLS.updateDefaultLogin, body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.profile }),
  });
}
