import { Form } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { agencyResource, agencyRoleResource, type AgencyRecord, type AgencyRoleRecord, type PageResult } from '@portal/contracts';
import { apiRequest } from '../../api/http.ts';
import { useProfile } from '../../api/queries.ts';
import type { Option } from '../../shared/resource/types.ts';

const LIST = { pageIndex: 1, pageSize: 200 };

/** Platform staff choose an agency; an agency's user always works in their own. */
export function useIsAgencyUser(): boolean {
  return Boolean(useProfile().data?.agencyId);
}

/** The agencies platform staff choose from. */
export function useAgencyOptions(): { options: Option[]; loading: boolean } {
  const { data, isPending } = useQuery({
    queryKey: ['resource', 'Agency', 'options'],
    queryFn: ({ signal }) => apiRequest<PageResult<AgencyRecord>>(agencyResource.paths.search!, { body: LIST, signal }),
    staleTime: 60_000,
  });
  return { options: (data?.records ?? []).map((agency) => ({ value: agency.id, label: `${agency.name} (${agency.code})` })), loading: isPending };
}

/** The roles an agency's account can hold: those of the agency chosen in the same form (or the caller's own). */
export function useAgencyRoleOptions(): { options: Option[]; loading: boolean } {
  const form = Form.useFormInstance();
  const agencyId = Form.useWatch('agencyId', form);
  const { data, isFetching } = useQuery({
    queryKey: ['resource', 'AgencyRole', 'options', agencyId ?? 'own'],
    queryFn: ({ signal }) => apiRequest<PageResult<AgencyRoleRecord>>(agencyRoleResource.paths.search!, { body: { ...LIST, ...(agencyId ? { agencyId } : {}) }, signal }),
    staleTime: 30_000,
  });
  return { options: (data?.records ?? []).map((role) => ({ value: role.id, label: role.name })), loading: isFetching };
}
