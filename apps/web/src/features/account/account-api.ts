import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PASSWORD_DESCRIPTORS, USER_DESCRIPTORS, type ChangeMyPass, type RequestChangeMyPass, type UpdateDefaultLogin, type UpdateProfileRequest } from '@portal/contracts';
import { callApi } from '../../api/call-api.ts';
import { queryKeys } from '../../api/queries.ts';

/** Query keys of the account area. */
export const accountKeys = {
  twoFactor: ['account', 'two-factor'] as const,
  apps: ['account', 'apps'] as const,
};

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => callApi(USER_DESCRIPTORS.updateProfile, body),
    onSuccess: (profile) => client.setQueryData(queryKeys.profile, profile),
  });
}

export function requestChangeMyPass(body: RequestChangeMyPass) {
  return callApi(PASSWORD_DESCRIPTORS.requestChange, body);
}

export function changeMyPass(body: ChangeMyPass) {
  return callApi(PASSWORD_DESCRIPTORS.change, body);
}

export function useBaseApps() {
  return useQuery({
    queryKey: accountKeys.apps,
    queryFn: ({ signal }) => callApi(USER_DESCRIPTORS.baseApps, undefined, { signal }),
  });
}

export function useUpdateDefaultLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDefaultLogin) => callApi(USER_DESCRIPTORS.updateDefaultLogin, body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.profile }),
  });
}
