import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ListMenus, UserProfile } from '@portal/contracts';
import { apiRequest } from './http.ts';

/** Query keys, one factory per area, so invalidation names what it means. */
export const queryKeys = {
  profile: ['user', 'profile'] as const,
  menus: ['user', 'menus'] as const,
};

export function useProfile() {
  return useQuery({
    queryKey: queryKeys.profile,
    queryFn: ({ signal }) => apiRequest<UserProfile>('/User/GetUserProfileCurrent', { signal }),
  });
}

export function useMenus() {
  return useQuery({
    queryKey: queryKeys.menus,
    queryFn: ({ signal }) => apiRequest<ListMenus>('/User/GetListMenus', { signal }),
  });
}

/** The permission names the signed-in user holds (empty while loading). */
export function usePermissions(): ReadonlySet<string> {
  const { data } = useMenus();
  return useMemo(() => new Set(data?.permissionCurrents ?? []), [data]);
}
