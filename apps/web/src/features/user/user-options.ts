import { useQuery } from '@tanstack/react-query';
import { roleResource, unitResource, type PageResult, type PermissionName, type RoleRecord, type UnitRecord } from '@portal/contracts';
import { apiRequest } from '../../api/http.ts';
import { usePermissions } from '../../api/queries.ts';
import type { Option } from '../../shared/resource/types.ts';

const LIST = { pageIndex: 1, pageSize: 200 };

/** The unit resource's search permission (unitResource.permissions.search), named by type only: the contract's schemas stay out of the dashboard's chunk. */
const UNIT_LIST: PermissionName = 'UNIT_ENTERPRISE_LIST';

/**
 * The units platform staff choose from. Asked only of those who may list units: a unit's user
 * on the dashboard would otherwise get a "Forbidden" toast for a list they are never shown.
 */
export function useUnitOptions(): { options: Option[]; loading: boolean } {
  const mayList = usePermissions().has(UNIT_LIST);
  const { data, isFetching } = useQuery({
    queryKey: ['resource', 'Unit', 'options'],
    queryFn: ({ signal }) => apiRequest<PageResult<UnitRecord>>(unitResource.paths.search!, { body: LIST, signal }),
    staleTime: 60_000,
    enabled: mayList,
  });
  return { options: (data?.records ?? []).map((unit) => ({ value: unit.id, label: unit.name })), loading: isFetching };
}

/** The system roles staff accounts can hold. */
export function useSystemRoleOptions(): { options: Option[]; loading: boolean } {
  const { data, isPending } = useQuery({
    queryKey: ['resource', 'Role', 'options'],
    queryFn: ({ signal }) => apiRequest<PageResult<RoleRecord>>(roleResource.paths.search!, { body: { ...LIST, scope: 'platform' }, signal }),
    staleTime: 60_000,
  });
  return { options: (data?.records ?? []).map((role) => ({ value: role.id, label: role.name })), loading: isPending };
}
