import { z } from 'zod';

export const fieldErrorSchema = z.object({
  /** Dotted path of the offending field, e.g. `body.pageSize`. */
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** A refusal: business refusals come with HTTP 200, request-level ones with 4xx/5xx. */
export const failureEnvelopeSchema = z.object({
  success: z.literal(false),
  errorCode: z.number().int(),
  busErrorMessage: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  /** A server-side failure (5xx) names its request, as in the server's log and the x-request-id header. */
  requestId: z.string().optional(),
});
export type FailureEnvelope = z.infer<typeof failureEnvelopeSchema>;

/**
 * The reply of every API call: `{ success: true, data }`, or a refusal. Business refusals
 * share HTTP 200 with successes, so a route's 200 schema admits both.
 */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('success', [z.object({ success: z.literal(true), data }), failureEnvelopeSchema]);
}

export type Envelope<T> = { success: true; data: T } | FailureEnvelope;

export const PAGE_SIZE_MAX = 200;

/** The request body shared by every search call; entity searches extend it with filters. */
export const pageRequestSchema = z.strictObject({
  pageIndex: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
  keyword: z.string().trim().max(200).optional(),
  isExport: z.boolean().optional(),
});
export type PageRequest = z.input<typeof pageRequestSchema>;

/**
 * A page of a list and the number of matches. Lists that can grow to millions (users, the
 * logs) count matches exactly up to SEARCH_EXACT_COUNT; past it the total is the database's
 * estimate and `totalCapped` is true (the screen says "about").
 */
export function pageResultSchema<T extends z.ZodType>(record: T) {
  return z.object({ records: z.array(record), totalRecord: z.number().int(), totalCapped: z.boolean().optional() });
}
export type PageResult<T> = { records: T[]; totalRecord: number; totalCapped?: boolean };
export const SEARCH_EXACT_COUNT = 10_000;

export const idParamSchema = z.strictObject({ id: z.uuid() });
