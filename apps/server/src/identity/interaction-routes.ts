import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import {
  BASE_PATH,
  envelopeSchema,
  interactionDetailsSchema,
  interactionStepSchema,
  loginRequestSchema,
} from '@portal/contracts';
import type { Database } from '../db/client.ts';
import { ok } from '../platform/envelope.ts';
import { AppError } from '../platform/errors.ts';
import { checkCredentials } from './accounts.ts';
import { recordSignIn } from './sign-in-record.ts';

const uidParams = z.object({ uid: z.string().min(1).max(64) });

/**
 * The endpoints behind the React sign-in screens. They live under the provider's interaction
 * path because the provider's interaction cookie is scoped to it: a request from another
 * browser cannot act on this browser's sign-in.
 */
export function registerInteractionRoutes(app: FastifyInstance, deps: { db: Database; provider: Provider }): void {
  const { db, provider } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** Loads the pending interaction bound to this browser, or says the sign-in must restart. */
  async function pendingInteraction(request: FastifyRequest, reply: FastifyReply, uid: string) {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid !== uid) throw new Error('interaction mismatch');
      return interaction;
    } catch {
      throw new AppError('session.expired');
    }
  }

  routes.get('/oidc/interaction/:uid', { schema: { params: uidParams, hide: true } }, async (request, reply) =>
    reply.redirect(`${BASE_PATH}/signin?uid=${encodeURIComponent(request.params.uid)}`, 303),
  );

  routes.get(
    '/oidc/interaction/:uid/details',
    { schema: { params: uidParams, response: { 200: envelopeSchema(interactionDetailsSchema) } } },
    async (request, reply) => {
      const interaction = await pendingInteraction(request, reply, request.params.uid);
      const client = await provider.Client.find(String(interaction.params.client_id));
      return ok({
        uid: interaction.uid,
        prompt: interaction.prompt.name,
        clientId: String(interaction.params.client_id),
        clientName: client?.clientName ?? null,
        loginHint: typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : null,
      });
    },
  );

  routes.post(
    '/oidc/interaction/:uid/login',
    {
      schema: { params: uidParams, body: loginRequestSchema, response: { 200: envelopeSchema(interactionStepSchema) } },
    },
    async (request, reply) => {
      await pendingInteraction(request, reply, request.params.uid);
      const check = await checkCredentials(db, request.body.username, request.body.password);
      if (!check.ok) {
        throw new AppError(check.reason === 'locked' ? 'account.locked' : 'account.invalid_credentials');
      }
      await recordSignIn(db, check.user, { ip: request.ip, userAgent: request.headers['user-agent'] });
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: check.user.id } },
        { mergeWithLastSubmission: false },
      );
      return ok({ status: 'done' as const, redirectTo });
    },
  );

  /** Consent is granted automatically for first-party clients; this finishes a consent prompt. */
  routes.post(
    '/oidc/interaction/:uid/confirm',
    { schema: { params: uidParams, response: { 200: envelopeSchema(interactionStepSchema) } } },
    async (request, reply) => {
      const interaction = await pendingInteraction(request, reply, request.params.uid);
      const grant = new provider.Grant({
        clientId: String(interaction.params.client_id),
        accountId: interaction.session?.accountId,
      });
      const grantId = await grant.save();
      const redirectTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return ok({ status: 'done' as const, redirectTo });
    },
  );
}
