import { recordPath, type PageResult, type ResourceContract, type ResourceOperation, type Saved } from '@portal/contracts';
import { apiDownload, apiRequest } from '../../api/http.ts';
import type { AnyRecord } from './types.ts';

/** The standard calls of a resource, at the paths its contract names. */
export function resourceApi(contract: ResourceContract) {
  const path = (operation: ResourceOperation, id?: string) => {
    const template = contract.paths[operation];
    if (!template) throw new Error(`${contract.name} has no ${operation} call`);
    return id === undefined ? template : recordPath(template, id);
  };
  return {
    search: (query: Record<string, unknown>, signal?: AbortSignal) => apiRequest<PageResult<AnyRecord>>(path('search'), { body: query, signal }),
    get: (id: string) => apiRequest<AnyRecord>(path('get', id)),
    // A refusal of a save is shown in its dialog (at the field it names), not as a toast.
    save: (values: Record<string, unknown>, id?: string) => {
      if (contract.paths.save) return apiRequest<Saved>(path('save'), { body: id ? { ...values, id } : values, quietRefusal: true });
      return id
        ? apiRequest<Saved>(path('update'), { body: { ...values, id }, quietRefusal: true })
        : apiRequest<Saved>(path('create'), { body: values, quietRefusal: true });
    },
    remove: (id: string) => apiRequest<boolean>(path('delete', id), { method: 'DELETE' }),
    setStatus: (id: string, status: number) => apiRequest<boolean>(path('status'), { body: { id, status } }),
    export: (query: Record<string, unknown>) => apiDownload(path('search'), { body: { ...query, isExport: true } }),
  };
}

/** Query keys of a resource: invalidating the name refreshes every list and record of it. */
export const resourceKeys = {
  all: (contract: ResourceContract) => ['resource', contract.name] as const,
  search: (contract: ResourceContract, query: Record<string, unknown>) => ['resource', contract.name, 'search', query] as const,
};
