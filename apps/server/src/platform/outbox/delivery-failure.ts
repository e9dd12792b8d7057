import { deliveryFailureSchema, type DeliveryFailure } from '@portal/contracts';

/**
 * How an outbox row's `last_error` keeps why a delivery to a service's app failed: the
 * contracts' `DeliveryFailure` (the portal's reason, the app's status, a SCIM error's detail)
 * as JSON. What makes one from an error is the provisioning module's (`failureOf`).
 */

/** A change for an app the portal cannot reach (no enabled SCIM integration). */
export const NOT_CONFIGURED: DeliveryFailure = { reason: 'not_configured', status: null, detail: null };

export const encodeFailure = (value: DeliveryFailure): string => JSON.stringify(value);

/**
 * A stored `last_error` read back; what is not a recorded failure (a row written before
 * failures were recorded this way held the app's words, body and all) says only that it failed.
 */
export function decodeFailure(text: string | null | undefined): DeliveryFailure | null {
  if (!text) return null;
  try {
    const parsed = deliveryFailureSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: an older row
  }
  return { reason: 'failed', status: null, detail: null };
}
