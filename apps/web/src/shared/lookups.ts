import { useQuery } from '@tanstack/react-query';
import { LOOKUP_DESCRIPTORS, PAGE_SIZE_MAX, type CallBody, type LookupGroup } from '@portal/contracts';
import type { RemoteOptions } from './resource/types.ts';
import { searchedOptions } from './resource/remote-options.ts';
import { callApi } from '../api/call-api.ts';

const LONG = 5 * 60 * 1000;

/**
 * A lookup category's entries (positions, departments …) as a remote select's options: searched
 * on the server a page at a time as the user types (`/Category/SearchByParentCode`), a chosen
 * entry named by its code — every signed-in user's forms read them, as GetByParentCode.
 */
export function categoryOptions(group: LookupGroup): RemoteOptions {
  const page = (body: CallBody<typeof LOOKUP_DESCRIPTORS.searchCategoriesOf>, signal: AbortSignal) =>
    callApi(LOOKUP_DESCRIPTORS.searchCategoriesOf, body, { params: { code: group }, signal });
  return searchedOptions({
    key: ['lookup', 'category', group],
    page,
    named: async (codes, signal) => (await page({ codes, pageIndex: 1, pageSize: codes.length }, signal)).records,
    option: (item) => ({ value: item.code, label: item.name }),
  });
}

export const positionOptions = categoryOptions('POSITION');
export const departmentOptions = categoryOptions('DEPARTMENT');

/** The query of the active services, which the services screen refreshes after a save. */
export const activeServicesKey = ['lookup', 'services'] as const;

/**
 * The active services (status [1]), every page of them: the suite's catalogue of apps is short
 * enough to hold whole, and a select of them must never stop silently at one page.
 */
export function useActiveServices() {
  return useQuery({
    queryKey: activeServicesKey,
    queryFn: async ({ signal }) => {
      const page = (pageIndex: number) => callApi(LOOKUP_DESCRIPTORS.services, { pageIndex, pageSize: PAGE_SIZE_MAX, status: [1] }, { signal });
      const first = await page(1);
      const records = [...first.records];
      for (let next = 2; records.length < first.totalRecord; next++) {
        const more = await page(next);
        if (more.records.length === 0) break;
        records.push(...more.records);
      }
      return { ...first, records };
    },
    staleTime: LONG,
  });
}
