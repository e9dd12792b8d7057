import type { FastifyRequest } from 'fastify';
import { LOG_RESULT, type Reauthentication } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { confirmOwnPassword } from '../../identity/password-confirmation.ts';
import { verifyPasskeyAssertion } from '../../identity/webauthn.ts';
import { writeActionLog, type AuditSubject } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';

/** The subject of a re-authentication's passkey challenge: the user's own, apart from sign-in's. */
export const reauthSubject = (userId: string) => `reauth:${userId}`;

/**
 * Adding or removing a factor asks again who is there: the password, or one of their passkeys.
 * A refusal is in the action log as a failure of the change it was asked for (`audit`).
 */
export async function reauthenticate(ctx: AppContext, request: FastifyRequest, proof: Reauthentication, audit: AuditSubject): Promise<void> {
  const { user } = request.actorRecord;
  try {
    if (proof.passkey) await verifyPasskeyAssertion(ctx.db, ctx, reauthSubject(user.id), proof.passkey, user.id);
    else await confirmOwnPassword(ctx.db, ctx.clock.now(), user, proof.password ?? '');
  } catch (error) {
    const reason = error instanceof AppError ? error.key : 'error';
    await writeActionLog(ctx.db, { actor: request.actor, ip: request.ip, requestId: request.id }, { ...audit, result: LOG_RESULT.failure, content: `${reason} (re-authentication)` });
    throw error;
  }
}
