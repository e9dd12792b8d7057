import type { z } from 'zod';
import type { PermissionName } from '../catalogue/permissions.ts';

/**
 * Who may make a call: anybody, any signed-in user, a service app proving itself with its own
 * client credentials (never a user's token), or a permission of the catalogue (with a list, any
 * one of them; the handler then checks the one its operation needs).
 */
export type CallAccess = 'public' | 'signed-in' | 'service-app' | PermissionName | readonly PermissionName[];

export type CallMethod = 'GET' | 'POST' | 'DELETE';

/**
 * One call outside the resource pattern, named once for server and SPA: the server registers
 * its route from it (`registerCall`, apps/server/src/platform/call.ts), the SPA sends it through
 * `callApi` / `useCall` (apps/web/src/api/call.ts). The path is under /api; `:name` segments are
 * the `params` schema's keys.
 */
export interface CallDefinition<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A extends z.ZodType = z.ZodType,
  P extends z.ZodObject | undefined = z.ZodObject | undefined,
  Q extends z.ZodObject | undefined = z.ZodObject | undefined,
> {
  method: CallMethod;
  /** Under /api, e.g. `/MailOutbox/Search`; `:id` segments come from `params`. */
  path: string;
  /** OpenAPI tag (the specification's controller). */
  tag: string;
  access: CallAccess;
  /** The request body (POST); absent for calls that send none. */
  body?: B;
  params?: P;
  query?: Q;
  /** What the envelope's `data` carries on success. */
  answer: A;
}

export function defineCall<
  A extends z.ZodType,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
>(call: CallDefinition<B, A, P, Q>): CallDefinition<B, A, P, Q> {
  return call;
}

/** The body a call takes (what the client sends), `undefined` when it takes none. */
export type CallBody<C> = C extends CallDefinition<infer B, z.ZodType, z.ZodObject | undefined, z.ZodObject | undefined> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
/** What a call answers (the envelope's `data`), as the client reads it. */
export type CallAnswer<C> = C extends CallDefinition<z.ZodType | undefined, infer A, z.ZodObject | undefined, z.ZodObject | undefined> ? z.output<A> : never;
/** The path parameters a call takes. */
export type CallParams<C> = C extends CallDefinition<z.ZodType | undefined, z.ZodType, infer P, z.ZodObject | undefined> ? (P extends z.ZodObject ? z.input<P> : undefined) : never;
/** The query a call takes. */
export type CallQuery<C> = C extends CallDefinition<z.ZodType | undefined, z.ZodType, z.ZodObject | undefined, infer Q> ? (Q extends z.ZodObject ? z.input<Q> : undefined) : never;

/** The address of a call under /api: `:name` segments filled from `params`, `query` appended. */
export function callAddress(call: Pick<CallDefinition, 'path'>, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const path = call.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${call.path}: missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const pairs = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}
