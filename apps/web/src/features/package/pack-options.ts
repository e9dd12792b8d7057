import { LOOKUP_DESCRIPTORS, type ActivePackage, type CallBody } from '@portal/contracts';
import { callApi } from '../../api/call.ts';
import { queryClient } from '../../api/query-client.ts';
import { searchedOptions } from '../../shared/resource/remote-options.ts';
import type { RemoteOptions } from '../../shared/resource/types.ts';

const byIdKey = (id: string) => ['resource', 'ChannelPackage', 'options', 'by-id', id];

/**
 * A page of the packs on offer. Each pack found is kept by id too: the term of the pack the user
 * then picks is at hand at once, before they can touch the dates.
 */
async function searchActive(body: CallBody<typeof LOOKUP_DESCRIPTORS.searchActivePacks>, signal?: AbortSignal) {
  const found = await callApi(LOOKUP_DESCRIPTORS.searchActivePacks, body, signal ? { signal } : {});
  for (const pack of found.records) queryClient.setQueryData(byIdKey(pack.id), pack);
  return found;
}

/** A pack on offer read by id (its term), cached under the packs' key: saving a pack refreshes it. */
const packById = (id: string) =>
  queryClient.fetchQuery({
    queryKey: byIdKey(id),
    queryFn: async ({ signal }) => (await searchActive({ ids: [id], pageIndex: 1, pageSize: 1 }, signal)).records[0] ?? null,
    staleTime: 60_000,
  });

/**
 * The service packs on offer (active), to give one to a unit: searched on the server by name as
 * the user types, a page at a time (`/ChannelPackage/SearchActive`). Kept under the packs'
 * resource key, so saving a pack on its screen refreshes the choice.
 */
export const packOptions: RemoteOptions = searchedOptions<ActivePackage>({
  key: ['resource', 'ChannelPackage', 'options', 'on-offer'],
  page: (query, signal) => searchActive(query, signal),
  named: async (ids, signal) => (await searchActive({ ids, pageIndex: 1, pageSize: ids.length }, signal)).records,
  option: (pack) => ({ value: pack.id, label: `${pack.name} (${pack.userBand})` }),
});

/** The term in months of a pack on offer (null: no end; undefined: not on offer), to compute a given pack's expiry. */
export async function packTerm(id: string): Promise<number | null | undefined> {
  const pack = await packById(id);
  return pack ? pack.expiryMonths : undefined;
}
