import type { z } from 'zod';
import type { PermissionName } from '../catalogue/permissions.ts';

/**
 * Who may make a call: anybody, any signed-in user, a service app proving itself with its own
 * client credentials (never a user's token), or a permission of the catalogue (with a list, any
 * one of them; the handler then checks the one its operation needs).
 */
export type CallAccess = 'public' | 'signed-in' | 'service-app' | PermissionName | readonly PermissionName[];

export type CallMethod = 'GET' | 'POST' | 'DELETE';

/** The schemas of a call: what it takes (body, path parameters, query) and what it answers. */
export interface CallSchemas {
  /** The request body (POST); absent for calls that send none. */
  body?: z.ZodType | undefined;
  params?: z.ZodObject | undefined;
  query?: z.ZodObject | undefined;
  /** What the envelope's `data` carries on success. */
  answer: z.ZodType;
}

/**
 * A call's descriptor: how it is sent (method, path, access), plain data without its schemas.
 * The schemas' types ride along in `schemaTypes` (never set), so a light bundle (sign-in, the
 * shell) sends a call typed end to end by importing the descriptor alone: zod stays out of it.
 * The server and the screens that need the schemas take the full call (`withSchemas`).
 */
export interface CallDescriptor<S extends CallSchemas = CallSchemas> {
  method: CallMethod;
  /** Under its root (`callRoot`: /api unless mounted elsewhere), e.g. `/MailOutbox/Search`; `:id` segments come from `params`. */
  path: string;
  /**
   * Where the path sits: under /api (the default), or under the provider's interactions
   * (/oidc/interaction, the sign-in screens' steps, which the interaction's cookie guards: their
   * access is 'public' to the access hook, which only judges /api).
   */
  mount?: 'api' | 'interaction';
  /** OpenAPI tag (the specification's controller); the path's first segment when absent. */
  tag?: string;
  access: CallAccess;
  /** Types only: the call's schemas as `describeCall` declared them. */
  readonly schemaTypes?: S;
}

/** Names a call once, without its schemas' values: `describeCall<{ body: typeof x; answer: typeof y }>({ method, path, tag, access })`. */
export function describeCall<S extends CallSchemas>(descriptor: Omit<CallDescriptor, 'schemaTypes'>): CallDescriptor<S> {
  return descriptor;
}

type BodyOf<S> = S extends { body: infer B extends z.ZodType } ? B : undefined;
type ParamsOf<S> = S extends { params: infer P extends z.ZodObject } ? P : undefined;
type QueryOf<S> = S extends { query: infer Q extends z.ZodObject } ? Q : undefined;

/**
 * One call outside the resource pattern, named once for server and SPA: the server registers
 * its route from it (`registerCall`, apps/server/src/platform/call.ts), the SPA sends it through
 * `callApi` / `useCall` (apps/web/src/api/). The path is under /api; `:name` segments are
 * the `params` schema's keys.
 */
export interface CallDefinition<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A extends z.ZodType = z.ZodType,
  P extends z.ZodObject | undefined = z.ZodObject | undefined,
  Q extends z.ZodObject | undefined = z.ZodObject | undefined,
> extends CallDescriptor<{ body: B; answer: A; params: P; query: Q }> {
  body?: B;
  params?: P;
  query?: Q;
  answer: A;
}

/** A call written in one piece (the server's and the heavier screens' calls): descriptor and schemas together. */
export function defineCall<
  A extends z.ZodType,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
>(call: CallDefinition<B, A, P, Q>): CallDefinition<B, A, P, Q> {
  return call;
}

/** The full call of a descriptor: its schemas, which must be the ones the descriptor declared. */
export function withSchemas<S extends CallSchemas>(
  descriptor: CallDescriptor<S>,
  schemas: NoInfer<S>,
): CallDefinition<BodyOf<S>, S['answer'], ParamsOf<S>, QueryOf<S>> {
  // The descriptor's type parameter is exactly the schemas', so the spread is the call it names.
  return { ...descriptor, ...schemas } as CallDefinition<BodyOf<S>, S['answer'], ParamsOf<S>, QueryOf<S>>;
}

/** The schemas' types a call (or its descriptor) declares. */
type SchemasOf<C> = C extends CallDescriptor<infer S> ? S : never;
/** The body a call takes (what the client sends), `undefined` when it takes none. */
export type CallBody<C> = BodyOf<SchemasOf<C>> extends infer B extends z.ZodType ? z.input<B> : undefined;
/** What a call answers (the envelope's `data`), as the client reads it. */
export type CallAnswer<C> = z.output<SchemasOf<C>['answer']>;
/** The path parameters a call takes. */
export type CallParams<C> = ParamsOf<SchemasOf<C>> extends infer P extends z.ZodObject ? z.input<P> : undefined;
/** The query a call takes. */
export type CallQuery<C> = QueryOf<SchemasOf<C>> extends infer Q extends z.ZodObject ? z.input<Q> : undefined;

/** A call's OpenAPI tag: its own, else its path's first segment (`/User/…` → User). */
export function callTag(call: Pick<CallDescriptor, 'path' | 'tag'>): string {
  return call.tag ?? call.path.split('/')[1]!;
}

/** The server's prefix of a call's path. */
export function callRoot(call: Pick<CallDescriptor, 'mount'>): string {
  return call.mount === 'interaction' ? '/oidc/interaction' : '/api';
}

/**
 * The address of a call under its root (callRoot): `:name` segments filled from `params` (the call's types
 * make them present), `query` appended (its keys are the schema's plain names).
 */
export function callAddress(call: Pick<CallDescriptor, 'path'>, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const path = call.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name])));
  const pairs = Object.entries(query ?? {})
    .filter(([, value]) => value != null)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}
