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
  const { data, isPending } = useActivePacks();
  return { options: (data ?? []).map((pack) => ({ value: pack.id, label: `${pack.name} (${pack.userBand})` })), loading: isPending };
}

const useActivePacks = () =>
  useQuery({
    queryKey: ['resource', 'ChannelPackage', 'options'],
    queryFn: ({ signal }) => callApi(LOOKUP_CALLS.activePacks, undefined, { signal }),
    staleTime: 60_000,
  });

/** The term in months of each pack on offer (null: no end), to compute a given pack's expiry. */
export function usePackTerms(): ReadonlyMap<string, number | null> {
  const { data } = useActivePacks();
  return new Map((data ?? []).map((pack) => [pack.id, pack.expiryMonths]));
}
