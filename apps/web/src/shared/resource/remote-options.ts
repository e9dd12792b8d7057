import type { PageResult, ResourceContract } from '@portal/contracts';
import { queryClient } from '../../api/query-client.ts';
import { resourceApi } from './resource-api.ts';
import type { FilterName, Option, RecordOf, RemoteOptions, SearchQuery } from './types.ts';

/** Options shown per page of a remote select: a screenful, the next one on scrolling. */
export const OPTION_PAGE = 20;

/** The query key of one record read by id, shared by a screen that shows it and a select that names it. */
export const recordKey = (contract: ResourceContract, id: string | undefined) => ['resource', contract.name, 'record', id] as const;

/** What a server search of options is made of: its calls, and how one of its records reads as an option. */
interface SearchedOptions<R> {
  key: readonly unknown[];
  /** One page of the records matching a keyword (every record without one). */
  page: (query: { keyword?: string; pageIndex: number; pageSize: number }, signal: AbortSignal) => Promise<PageResult<R>>;
  /** The records of the chosen values, to name them when their page is not loaded. */
  named: (values: string[], signal: AbortSignal) => Promise<R[]>;
  option: (record: R) => Option;
}

/** A remote select's options from a server search: a page per scroll, the chosen ones named. */
export function searchedOptions<R>({ key, page, named, option }: SearchedOptions<R>): RemoteOptions {
  return {
    remote: true,
    key,
    search: async (keyword, pageIndex, signal) => {
      const found = await page({ pageIndex, pageSize: OPTION_PAGE, ...(keyword ? { keyword } : {}) }, signal);
      return { options: found.records.map(option), total: found.totalRecord };
    },
    labels: async (values, signal) => (await named(values, signal)).map(option),
  };
}

interface Shape<C extends ResourceContract> {
  /** Fixed filters of every search, e.g. the platform's roles only, or the agency chosen above. */
  filters?: Partial<SearchQuery<C>>;
  /** The record's field an option's value holds: its id unless the form keeps another key (a category's code). */
  valueField?: Extract<keyof RecordOf<C>, string>;
  /**
   * The search filter that finds records by their values (a list of them), to name the chosen
   * ones in one call. Without it each chosen record is read by id (its get call, cached under
   * `recordKey` so a screen showing the same record reads it once).
   */
  byValues?: FilterName<C>;
}

/**
 * A resource's records as a remote select's options: its search call with the typed keyword
 * (plus fixed filters), and its get call (or a search by values) to name a chosen record.
 */
export function resourceOptions<C extends ResourceContract>(contract: C, label: (record: RecordOf<C>) => string, shape: Shape<C> = {}): RemoteOptions {
  const { filters = {}, valueField, byValues } = shape;
  // The search bodies are built here from the keyword and the page: sent as any search (the
  // server checks them against the contract); the records answered are the contract's.
  const api = resourceApi<ResourceContract, RecordOf<C>>(contract);
  return searchedOptions<RecordOf<C>>({
    key: ['resource', contract.name, 'options', filters],
    page: (query, signal) => api.search({ ...filters, ...query }, signal),
    named: async (values, signal) => {
      if (byValues) return (await api.search({ ...filters, [byValues]: values, pageIndex: 1, pageSize: values.length }, signal)).records;
      return Promise.all(values.map((id) => queryClient.fetchQuery({ queryKey: recordKey(contract, id), queryFn: () => api.get(id) })));
    },
    option: (record) => ({ value: String(valueField ? record[valueField] : 'id' in record ? record.id : ''), label: label(record) }),
  });
}
