import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BaseApp,
  ChangeMyPass,
  CodeSent,
  MyTwoFactor,
  RecoveryCodes,
  RequestChangeMyPass,
  UpdateDefaultLogin,
  UpdateProfileRequest,
  UserProfile,
} from '@portal/contracts';
import { apiRequest } from '../../api/http.ts';
import { queryKeys } from '../../api/queries.ts';

/** Query keys of the account area. */
export const accountKeys = {
  twoFactor: ['account', 'two-factor'] as const,
  apps: ['account', 'apps'] as const,
};

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => apiRequest<UserProfile>('/User/UpdateUserProfileCurrent', { body }),
    onSuccess: (profile) => client.setQueryData(queryKeys.profile, profile),
  });
}

export function requestChangeMyPass(body: RequestChangeMyPass) {
  return apiRequest<{ enableVerify: boolean; resendAfterSeconds: number }>('/User/RequestChangeMyPass', { body });
}

export function changeMyPass(body: ChangeMyPass) {
  return apiRequest<boolean>('/User/ChangeMyPass', { body });
}

export function useMyTwoFactor() {
  return useQuery({
    queryKey: accountKeys.twoFactor,
    queryFn: ({ signal }) => apiRequest<MyTwoFactor>('/TwoFA/GetMyStatus', { signal }),
  });
}

export const twoFactorApi = {
  requestEnable: (password: string) => apiRequest<CodeSent>('/TwoFA/RequestEnable', { body: { password } }),
  confirmEnable: (code: string) => apiRequest<RecoveryCodes>('/TwoFA/ConfirmEnable', { body: { code } }),
  disable: (password: string) => apiRequest<boolean>('/TwoFA/Disable', { body: { password } }),
  regenerate: (password: string) => apiRequest<RecoveryCodes>('/TwoFA/RegenerateRecoveryCodes', { body: { password } }),
};

export function useBaseApps() {
  return useQuery({
    queryKey: accountKeys.apps,
    queryFn: ({ signal }) => apiRequest<BaseApp[]>('/User/GetListBaseApp', { signal }),
  });
}

export function useUpdateDefaultLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDefaultLogin) => apiRequest<boolean>('/User/UpdateChannelCodeDefaultLogin', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.profile }),
  });
}
