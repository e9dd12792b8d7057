import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { BASE_PATH, INTERACTION_CALLS, interactionUidSchema, ROUTES } from '@portal/contracts';
import type { AppContext } from '../app-context.ts';
import { registerCall } from '../platform/call.ts';
import { AppError } from '../platform/errors.ts';
import { languageOf } from '../platform/language.ts';
import { limitPerAddress } from '../platform/ip-limits.ts';
import { SIGN_IN_REFUSALS, type SignInRefusal } from './entitlement.ts';
import { ENTITLEMENT_PROMPT } from './provider.ts';
import { pendingInteraction, saveInteractionResult } from './interaction.ts';
import { finishSignIn } from './new-password-step.ts';
import { signInWithPassword } from './password-signin.ts';
import { passSecondFactor, resendSecondFactorCode } from './second-factor-step.ts';

function refusalOf(details: Record<string, unknown>): SignInRefusal {
  return SIGN_IN_REFUSALS.find((refusal) => refusal === details.refusal) ?? 'service.no_permission';
}

/**
 * The endpoints behind the React sign-in screens. They live under the provider's interaction
 * path because the provider's interaction cookie is scoped to it: a request from another
 * browser cannot act on this browser's sign-in.
 */
export function registerInteractionRoutes(app: FastifyInstance, ctx: AppContext, provider: Provider): void {
  app.withTypeProvider<ZodTypeProvider>().get('/oidc/interaction/:uid', { schema: { params: interactionUidSchema, hide: true } }, async (request, reply) =>
    reply.redirect(`${BASE_PATH}${ROUTES.signin}?uid=${encodeURIComponent(request.params.uid)}`, 303),
  );

  registerCall(app, INTERACTION_CALLS.details, {}, async (request, reply) => {
    const interaction = await pendingInteraction(provider, request, reply, request.params.uid);
    // A service the user may not open now: the sign-in page shows why, and no code is issued.
    if (interaction.prompt.name === ENTITLEMENT_PROMPT) {
      ctx.metrics.signIn('refused_by_entitlement');
      throw new AppError(refusalOf(interaction.prompt.details));
    }
    const client = await provider.Client.find(String(interaction.params.client_id));
    return {
      uid: interaction.uid,
      prompt: interaction.prompt.name,
      clientId: String(interaction.params.client_id),
      clientName: client?.clientName ?? null,
      loginHint: typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : null,
    };
  });

  registerCall(app, INTERACTION_CALLS.login, {}, async (request, reply) => {
    // The address's count and the interaction are read at once (one wait instead of two); a
    // refused address still answers before an expired sign-in, as when read in turn.
    const [limited, pending] = await Promise.allSettled([limitPerAddress(ctx.db, ctx.clock.now(), request, 'signIn'), pendingInteraction(provider, request, reply, request.params.uid)]);
    if (limited.status === 'rejected') throw limited.reason;
    if (pending.status === 'rejected') throw pending.reason;
    return signInWithPassword(ctx, pending.value, request, reply, request.body);
  });

  registerCall(app, INTERACTION_CALLS.twoFactor, {}, async (request, reply) => {
    const interaction = await pendingInteraction(provider, request, reply, request.params.uid);
    const { user, deviceKeyHash, enrolPasskey } = await passSecondFactor(ctx, request.params.uid, request.body);
    return finishSignIn(ctx, interaction, request, user, deviceKeyHash, { enrolPasskey });
  });

  registerCall(app, INTERACTION_CALLS.twoFactorResend, {}, async (request, reply) => {
    await pendingInteraction(provider, request, reply, request.params.uid);
    return resendSecondFactorCode(ctx, request.params.uid, languageOf(request));
  });

  /** Consent is granted automatically for first-party clients; this finishes a consent prompt. */
  registerCall(app, INTERACTION_CALLS.confirm, {}, async (request, reply) => {
    const interaction = await pendingInteraction(provider, request, reply, request.params.uid);
    const grant = new provider.Grant({
      clientId: String(interaction.params.client_id),
      accountId: interaction.session?.accountId,
    });
    const grantId = await grant.save();
    const redirectTo = await saveInteractionResult(interaction, { consent: { grantId } }, true);
    return { status: 'done' as const, redirectTo };
  });
}
