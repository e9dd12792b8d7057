import { useQuery } from '@tanstack/react-query';
import type { PageResult, RoleRecord, UnitRecord } from '@portal/contracts';
import { apiRequest } from '../../api/http.ts';
import type { Option } from '../../shared/resource/types.ts';

const LIST = { pageIndex: 1, pageSize: 200 };

/** The units platform staff choose from. */
export function useUnitOptions(): { options: Option[]; loading: boolean } {
  const { data, isPending } = useQuery({
    queryKey: ['resource', 'Unit', 'options'],
    queryFn: ({ signal }) => apiRequest<PageResult<UnitRecord>>('/Unit/Search', { body: LIST, signal }),
    staleTime: 60_000,
  });
  return { options: (data?.records ?? []).map((unit) => ({ value: unit.id, label: unit.name })), loading: isPending };
}

/** The system roles staff accounts can hold. */
export function useSystemRoleOptions(): { options: Option[]; loading: boolean } {
  const { data, isPending } = useQuery({
    queryKey: ['resource', 'Role', 'options'],
    queryFn: ({ signal }) => apiRequest<PageResult<RoleRecord>>('/Role/SearchRolePage', { body: { ...LIST, scope: 'platform' }, signal }),
    staleTime: 60_000,
  });
  return { options: (data?.records ?? []).map((role) => ({ value: role.id, label: role.name })), loading: isPending };
}
