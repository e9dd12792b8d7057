import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import type { InteractionStep } from '@portal/contracts';
import type { AppContext } from '../app-context.ts';
import { languageOf } from '../platform/language.ts';
import { AppError } from '../platform/errors.ts';
import { recordSignIn } from './sign-in-record.ts';

export type PendingInteraction = InstanceType<Provider['Interaction']>;

/** Loads the pending interaction bound to this browser, or says the sign-in must restart. */
export async function pendingInteraction(provider: Provider, request: FastifyRequest, reply: FastifyReply, uid: string): Promise<PendingInteraction> {
  try {
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    if (interaction.uid !== uid) throw new Error('interaction mismatch');
    return interaction;
  } catch {
    throw new AppError('session.expired');
  }
}

/**
 * Stores the result of an interaction the route has already loaded and answers where the
 * browser goes next: what `provider.interactionResult` does, without reading the interaction
 * from the database a second time. `merge` keeps the earlier submission (consent after login).
 */
export async function saveInteractionResult(interaction: PendingInteraction, result: InteractionResults, merge = false): Promise<string> {
  interaction.result = merge ? { ...interaction.lastSubmission, ...result } : result;
  await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
  return interaction.returnTo;
}

/**
 * Ends a sign-in that passed every check: device log, then back to the provider with the
 * account. A lock set by a parallel wrong password since the password was checked refuses it.
 */
export async function completeLogin(
  ctx: AppContext,
  interaction: PendingInteraction,
  request: FastifyRequest,
  user: { id: string; username: string; unitId: string | null },
  deviceKeyHash: string,
): Promise<InteractionStep> {
  const recorded = await recordSignIn(ctx.db, ctx.clock.now(), ctx.realtime, user, { ip: request.ip, userAgent: request.headers['user-agent'], deviceKeyHash, language: languageOf(request) });
  ctx.metrics.signIn(recorded ? 'success' : 'locked');
  if (!recorded) throw new AppError('account.locked');
  const redirectTo = await saveInteractionResult(interaction, { login: { accountId: user.id } });
  return { status: 'done', redirectTo };
}

/** Is the portal served over https (cookies then carry Secure)? */
export function isSecure(ctx: AppContext): boolean {
  return ctx.config.publicUrl.startsWith('https://');
}
