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

/** The directions a list can be sorted in (antd's names, so the table's sorter state travels as is). */
export const SORT_ORDERS = ['ascend', 'descend'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * The `sort` field of a search: one of the columns the resource declares sortable and a
 * direction. The list of fields is the whitelist: any other field is refused (400 naming
 * `sort.field`), so no request can order by an unindexed or hidden column.
 */
export function sortSchema<const F extends string>(fields: readonly [F, ...F[]]) {
  return z.strictObject({ field: z.enum(fields), order: z.enum(SORT_ORDERS) }).optional();
}
export type SortRequest<F extends string = string> = { field: F; order: SortOrder };

/** The fields a search schema lets its list be sorted by (its `sort` field's whitelist); none without one. */
export function sortableFields(search: z.ZodObject): readonly string[] {
  const sort = search.shape.sort as z.ZodOptional<z.ZodObject<{ field: z.ZodEnum }>> | undefined;
  return sort ? (sort.unwrap().shape.field.options as string[]) : [];
}

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
