import { useQuery } from '@tanstack/react-query';
import { callAddress, type CallAnswer, type CallBody, type CallDefinition, type CallParams, type CallQuery } from '@portal/contracts';
import { apiRequest, type RequestOptions } from './http.ts';

export interface CallOptions<C> extends Pick<RequestOptions, 'signal' | 'quietRefusal' | 'base'> {
  params?: CallParams<C>;
  query?: CallQuery<C>;
}

/**
 * Sends a call named in the contracts (`defineCall`) and answers its data, typed by the call's
 * answer schema; the body is typed by its body schema. Failures are shown as for any call.
 */
export function callApi<C extends CallDefinition>(call: C, body: CallBody<C>, options: CallOptions<C> = {}): Promise<CallAnswer<C>> {
  const { params, query, ...request } = options;
  return apiRequest<CallAnswer<C>>(callAddress(call, params ?? undefined, query ?? undefined), {
    ...request,
    method: call.method,
    ...(body === undefined ? {} : { body }),
  });
}

/** The query key of a call: its path, then what it was sent (so invalidating the path reloads every variant). */
export function callKey<C extends CallDefinition>(call: C, ...rest: unknown[]): unknown[] {
  return ['call', call.path, ...rest];
}

/** Reads a call (a GET, or a POST that only reads) with react-query, keyed by the call and what it sends. */
export function useCall<C extends CallDefinition>(
  call: C,
  body: CallBody<C>,
  options: Omit<CallOptions<C>, 'signal'> & { enabled?: boolean; key?: readonly unknown[] } = {},
) {
  const { enabled, key, ...rest } = options;
  return useQuery({
    queryKey: key ?? callKey(call, body, rest.params, rest.query),
    queryFn: ({ signal }) => callApi(call, body, { ...rest, signal }),
    ...(enabled === undefined ? {} : { enabled }),
  });
}
