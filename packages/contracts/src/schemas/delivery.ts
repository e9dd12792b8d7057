import { z } from 'zod';

/**
 * Why a delivery to a service's app (SCIM provisioning, back-channel logout) did not go
 * through, in the portal's words: the screens translate the reason (both languages) and show
 * the HTTP status. Nothing the app answered is kept but a SCIM error's `detail` (RFC 7644
 * §3.12), cut to DELIVERY_DETAIL_MAX characters: never a body, never the app's address.
 */
export const DELIVERY_FAILURE_REASONS = [
  /** No enabled SCIM integration for the unit's service. */
  'not_configured',
  /** The integration's address is (or resolves to) an internal address the portal does not call. */
  'address_refused',
  /** No connection, or no answer in time. */
  'unreachable',
  /** The app refused the portal's credential (401). */
  'unauthorized',
  /** The app has no tenant for the unit (404). */
  'no_tenant',
  /** The app will not take what was sent (400, 403, 409, 422, 501): retrying cannot help. */
  'refused',
  /** The app answered another error (5xx …): retried. */
  'app_error',
  /** The app's answer could not be read (no id, not JSON). */
  'bad_answer',
  /** Anything else. */
  'failed',
] as const;
export type DeliveryFailureReason = (typeof DELIVERY_FAILURE_REASONS)[number];

export const DELIVERY_DETAIL_MAX = 200;

export const deliveryFailureSchema = z.object({
  reason: z.enum(DELIVERY_FAILURE_REASONS),
  /** The app's HTTP status, when it answered. */
  status: z.number().int().nullable(),
  /** A SCIM error's `detail`, when the app answered one. */
  detail: z.string().max(DELIVERY_DETAIL_MAX).nullable(),
});
export type DeliveryFailure = z.infer<typeof deliveryFailureSchema>;
