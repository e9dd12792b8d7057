import { LOOKUP_CALLS } from '@portal/contracts';
import { callApi } from '../../api/call.ts';
import { useQuery } from '@tanstack/react-query';

import type { Option } from '../../shared/resource/types.ts';

/**
 * The service packs on offer (active), to give one to a unit: the server's one list of them
 * (`/ChannelPackage/GetAllActive`). Kept under the packs' resource key, so saving a pack on its
 * screen refreshes the choice.
 */
export function usePackOptions(): { options: Option[]; loading: boolean } {
  const { data, isPending } = useQuery({
    queryKey: ['resource', 'ChannelPackage', 'options'],
    queryFn: ({ signal }) => callApi(LOOKUP_CALLS.activePacks, undefined, { signal }),
    staleTime: 60_000,
  });
  return { options: (data ?? []).map((pack) => ({ value: pack.id, label: `${pack.name} (${pack.userBand})` })), loading: isPending };
}
