import { recordPath, type ResourceContract, type ResourceOperation } from '@portal/contracts';
import { apiDownload, apiRequest } from '../../api/http.ts';
import type { RecordOf, SaveBody, SavedReply, SearchQuery, SearchReply } from './types.ts';

/**
 * The standard calls of a resource, at the paths its contract names, typed by it: the search
 * takes its search body and answers its records (`R`, the contract's record unless the caller
 * reads them as another shape: the generic screen's `AnyRecord`).
 */
export function resourceApi<C extends ResourceContract, R = RecordOf<C>>(contract: C) {
  const path = (operation: ResourceOperation, id?: string) => {
    const template = contract.paths[operation];
    if (!template) throw new Error(`${contract.name} has no ${operation} call`);
    return id === undefined ? template : recordPath(template, id);
  };
  return {
    search: (query: SearchQuery<C>, signal?: AbortSignal) => apiRequest<SearchReply<C, R>>(path('search'), { body: query, signal }),
    get: (id: string) => apiRequest<R>(path('get', id)),
    // A refusal of a save is shown in its dialog (at the field it names), not as a toast.
    save: (values: SaveBody<C>, id?: string) => {
      if (contract.paths.save) return apiRequest<SavedReply<C>>(path('save'), { body: id ? { ...values, id } : values, quietRefusal: true });
      return id
        ? apiRequest<SavedReply<C>>(path('update'), { body: { ...values, id }, quietRefusal: true })
        : apiRequest<SavedReply<C>>(path('create'), { body: values, quietRefusal: true });
    },
    remove: (id: string) => apiRequest<boolean>(path('delete', id), { method: 'DELETE' }),
    setStatus: (id: string, status: number) => apiRequest<boolean>(path('status'), { body: { id, status } }),
    export: (query: SearchQuery<C>) => apiDownload(path('search'), { body: { ...query, isExport: true } }),
  };
}

/** The calls of a resource as `resourceApi` makes them. */
export type ResourceApi<C extends ResourceContract, R = RecordOf<C>> = ReturnType<typeof resourceApi<C, R>>;

/** Query keys of a resource: invalidating the name refreshes every list and record of it. */
export const resourceKeys = {
  all: (contract: ResourceContract) => ['resource', contract.name] as const,
  search: (contract: ResourceContract, query: Record<string, unknown>) => ['resource', contract.name, 'search', query] as const,
};
