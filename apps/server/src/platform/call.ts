import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { callRoot, callTag, envelopeSchema, type CallDefinition } from '@portal/contracts';
import type { AuditSubject } from './audit.ts';
import { ok } from './envelope.ts';

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a call's handler gets: body, params and query already validated by the call's schemas. */
export type CallRequest<C> =
  C extends CallDefinition<infer B, z.ZodType, infer P, infer Q> ? FastifyRequest<{ Body: Output<B>; Params: Output<P>; Querystring: Output<Q> }> : never;

/** What a call's handler answers: the envelope's `data`, as the answer schema takes it. */
export type CallReply<C> = C extends CallDefinition<z.ZodType | undefined, infer A, z.ZodObject | undefined, z.ZodObject | undefined> ? z.input<A> : never;

export interface CallOptions {
  /** What a refusal (and, with `auditedChange`, the change) of this call is logged as. */
  audit?: AuditSubject;
  /** A larger body than the server's default (an uploaded image). */
  bodyLimit?: number;
}

/**
 * Registers the route of a call named in the contracts (`defineCall`): its path under its root, its
 * access (checked before the body is read, by the access hook), its body, params and query
 * validated (400 naming the field), its answer serialised through the answer schema inside the
 * success envelope. The handler validates nothing itself: it authorises what the access cannot
 * (the object's scope), calls a store or service, and answers the data.
 */
export function registerCall<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  options: CallOptions,
  handler: (request: CallRequest<C>, reply: FastifyReply) => Promise<CallReply<C> | FastifyReply>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: `${callRoot(call)}${call.path}`,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: { access: call.access, ...(options.audit ? { audit: options.audit } : {}) },
    schema: {
      tags: [callTag(call)],
      ...(call.body ? { body: call.body } : {}),
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      response: { 200: envelopeSchema(call.answer) },
    },
    handler: async (request, reply) => {
      // The schemas above validated the request into exactly the shapes CallRequest names.
      const answer = await handler(request as unknown as CallRequest<C>, reply);
      // A handler that answered through `reply` itself (an answer kept serialised) has sent it;
      // Fastify's reply is a thenable, so awaiting the handler never hands the reply back.
      return reply.sent ? reply : ok(answer as CallReply<C>);
    },
  });
}
