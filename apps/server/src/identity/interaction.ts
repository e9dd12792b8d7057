import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { InteractionStep } from '@portal/contracts';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../platform/errors.ts';
import { recordSignIn } from './sign-in-record.ts';

export const uidParams = z.object({ uid: z.string().min(1).max(64) });

/** Loads the pending interaction bound to this browser, or says the sign-in must restart. */
export async function pendingInteraction(provider: Provider, request: FastifyRequest, reply: FastifyReply, uid: string) {
  try {
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    if (interaction.uid !== uid) throw new Error('interaction mismatch');
    return interaction;
  } catch {
    throw new AppError('session.expired');
  }
}

/** Ends a sign-in that passed every check: device log, then back to the provider with the account. */
export async function completeLogin(
  ctx: AppContext,
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: string; username: string; unitId: string | null },
  deviceKeyHash: string,
): Promise<InteractionStep> {
  await recordSignIn(ctx.db, ctx.realtime, user, { ip: request.ip, userAgent: request.headers['user-agent'], deviceKeyHash });
  const redirectTo = await provider.interactionResult(request.raw, reply.raw, { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
  return { status: 'done', redirectTo };
}

/** Is the portal served over https (cookies then carry Secure)? */
export function isSecure(ctx: AppContext): boolean {
  return ctx.config.publicUrl.startsWith('https://');
}
