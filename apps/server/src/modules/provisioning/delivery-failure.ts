import type { DeliveryFailure } from '@portal/contracts';
import { isOutboundRefused } from '../../platform/outbound/outbound.ts';
import { NOT_CONFIGURED } from '../../platform/outbox/delivery-failure.ts';
import { ScimError } from './scim-client.ts';

/** Thrown when a delivery cannot be made at all (no integration): retrying will not help until someone configures it. */
export class NotConfigured extends Error {
  override name = 'NotConfigured';
}

const failure = (reason: DeliveryFailure['reason'], status: number | null = null, detail: string | null = null): DeliveryFailure => ({ reason, status, detail });

const BY_STATUS: Record<number, DeliveryFailure['reason']> = { 401: 'unauthorized', 404: 'no_tenant', 400: 'refused', 403: 'refused', 409: 'refused', 422: 'refused', 501: 'refused' };

/**
 * What a failed delivery records (platform/outbox/delivery-failure.ts): the reason in the
 * portal's words, the app's HTTP status and, for a SCIM error only, its detail. The error's
 * message is not kept: it may name the app's address, and a thrown error may carry anything
 * the app sent.
 */
export function failureOf(error: unknown): DeliveryFailure {
  if (error instanceof NotConfigured) return NOT_CONFIGURED;
  if (isOutboundRefused(error)) return failure('address_refused');
  if (error instanceof ScimError) {
    if (error.status === 0) return failure(error.unreadable ? 'bad_answer' : 'unreachable');
    return failure(error.unreadable ? 'bad_answer' : (BY_STATUS[error.status] ?? 'app_error'), error.status, error.detail);
  }
  // The provider's back-channel logout throws with the app's response on the error.
  const status = (error as { response?: { status?: unknown } } | null)?.response?.status;
  if (typeof status === 'number') return failure('app_error', status);
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError' || error.message === 'fetch failed')) return failure('unreachable');
  return failure('failed');
}
