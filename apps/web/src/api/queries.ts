import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { USER_DESCRIPTORS } from '@portal/contracts';
import { callApi } from './call-api.ts';

/** Query keys, one factory per area, so invalidation names what it means. */
export const queryKeys = {
  profile: ['user', 'profile'] as const,
  menus: ['user', 'menus'] as const,
};

/** The signed-in user and their menu, which the shell waits for (asked for ahead of it too: `preloadFirstCalls`). */
export const profileQuery = {
  queryKey: queryKeys.profile,
  queryFn: ({ signal }: { signal: AbortSignal }) => callApi(USER_DESCRIPTORS.profile, undefined, { signal }),
};
export const menusQuery = {
  queryKey: queryKeys.menus,
  queryFn: ({ signal }: { signal: AbortSignal }) => callApi(USER_DESCRIPTORS.menus, undefined, { signal }),
};

export function useProfile() {
  return useQuery(profileQuery);
}

export function useMenus() {
  return useQuery(menusQuery);
}

/** The permission names the signed-in user holds (empty while loading). */
export function usePermissions(): ReadonlySet<string> {
  const { data } = useMenus();
  return useMemo(() => new Set(data?.permissionCurrents ?? []), [data]);
}
