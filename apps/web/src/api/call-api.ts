import { callAddress, type CallAnswer, type CallBody, type CallDescriptor, type CallParams, type CallQuery } from '@portal/contracts';
import { apiRequest, type RequestOptions } from './http.ts';

// Apart from call.ts (its react-query hook): the sign-in screen's passkey calls send through
// this alone, and the lazy chunk that holds them names fewer files to the sign-in screen.

export interface CallOptions<C> extends Pick<RequestOptions, 'signal' | 'quietRefusal' | 'base'> {
  params?: CallParams<C>;
  query?: CallQuery<C>;
}

/**
 * Sends a call named in the contracts and answers its data, typed by the call's answer schema;
 * the body is typed by its body schema. It takes a full call (`defineCall`) or its descriptor
 * (`describeCall`): only the method and path are read at run time. Failures are shown as for
 * any call.
 */
export function callApi<C extends CallDescriptor>(call: C, body: CallBody<C>, options: CallOptions<C> = {}): Promise<CallAnswer<C>> {
  const { params, query, ...request } = options;
  return apiRequest<CallAnswer<C>>(callAddress(call, params ?? undefined, query ?? undefined), {
    ...request,
    method: call.method,
    ...(body === undefined ? {} : { body }),
  });
}
