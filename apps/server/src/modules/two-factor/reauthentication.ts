import type { FastifyRequest } from 'fastify';
import type { Reauthentication } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { confirmOwnPassword } from '../../identity/password-confirmation.ts';
import { verifyPasskeyAssertion } from '../../identity/webauthn.ts';

/** The subject of a re-authentication's passkey challenge: the user's own, apart from sign-in's. */
export const reauthSubject = (userId: string) => `reauth:${userId}`;

/** Adding or removing a factor asks again who is there: the password, or one of their passkeys. */
export async function reauthenticate(ctx: AppContext, request: FastifyRequest, proof: Reauthentication): Promise<void> {
  const { user } = request.actorRecord;
  if (proof.passkey) await verifyPasskeyAssertion(ctx.db, ctx.config, reauthSubject(user.id), proof.passkey, user.id);
  else await confirmOwnPassword(ctx.db, user, proof.password ?? '');
}
