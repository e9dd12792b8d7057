import { USER_CALLS } from '@portal/contracts';
import { callApi } from './call.ts';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';

/** Query keys, one factory per area, so invalidation names what it means. */
export const queryKeys = {
  profile: ['user', 'profile'] as const,
  menus: ['user', 'menus'] as const,
};

export function useProfile() {
  return useQuery({
    queryKey: queryKeys.profile,
    queryFn: ({ signal }) => callApi(USER_CALLS.profile, undefined, { signal }),
  });
}

export function useMenus() {
  return useQuery({
    queryKey: queryKeys.menus,
    queryFn: ({ signal }) => callApi(USER_CALLS.menus, undefined, { signal }),
  });
}

/** The permission names the signed-in user holds (empty while loading). */
export function usePermissions(): ReadonlySet<string> {
  const { data } = useMenus();
  return useMemo(() => new Set(data?.permissionCurrents ?? []), [data]);
}
