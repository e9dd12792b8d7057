import { useQuery } from '@tanstack/react-query';
import type { CallBody, CallDescriptor } from '@portal/contracts';
import { callApi, type CallOptions } from './call-api.ts';

export { callApi, type CallOptions };

/** The query key of a call: its path, then what it was sent (so invalidating the path reloads every variant). */
export function callKey<C extends CallDescriptor>(call: C, ...rest: unknown[]): unknown[] {
  return ['call', call.path, ...rest];
}

/** Reads a call (a GET, or a POST that only reads) with react-query, keyed by the call and what it sends. */
export function useCall<C extends CallDescriptor>(
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
