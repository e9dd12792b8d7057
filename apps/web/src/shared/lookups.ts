import { useQuery } from '@tanstack/react-query';
import type { CategoryItem, ChannelItem, LookupGroup, PageResult } from '@portal/contracts';
import type { Option } from './resource/types.ts';
import { apiRequest } from '../api/http.ts';

const LONG = 5 * 60 * 1000;

/** A lookup category's entries as select options (positions, departments …). */
export function useCategoryOptions(group: LookupGroup): { options: Option[]; loading: boolean } {
  const { data, isPending } = useQuery({
    queryKey: ['lookup', 'category', group],
    queryFn: ({ signal }) => apiRequest<CategoryItem[]>(`/Category/GetByParentCode/${group}`, { signal }),
    staleTime: LONG,
  });
  return { options: (data ?? []).map((item) => ({ value: item.code, label: item.name })), loading: isPending };
}

export const usePositionOptions = () => useCategoryOptions('POSITION');
export const useDepartmentOptions = () => useCategoryOptions('DEPARTMENT');

/** The query of the active services, which the services screen refreshes after a save. */
export const activeServicesKey = ['lookup', 'services'] as const;

/** The active services (status [1]). */
export function useActiveServices() {
  return useQuery({
    queryKey: activeServicesKey,
    queryFn: ({ signal }) => apiRequest<PageResult<ChannelItem>>('/Channel/SearchChannelPage', { body: { pageIndex: 1, pageSize: 100, status: [1] }, signal }),
    staleTime: LONG,
  });
}
