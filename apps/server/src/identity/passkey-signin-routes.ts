import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { eq } from 'drizzle-orm';
import { LOG_ACTION, LOG_OBJECT, LOG_RESULT, PASSKEY_SIGNIN_CALLS, type WebauthnResponse } from '@portal/contracts';
import type { AppContext } from '../app-context.ts';
import { passkeys, users } from '../db/schema/index.ts';
import { writeActionLog } from '../platform/audit.ts';
import { registerCall } from '../platform/call.ts';
import { AppError } from '../platform/errors.ts';
import { limitPerAddress } from '../platform/ip-limits.ts';
import { accountForSignIn } from './accounts.ts';
import { deviceKeyHash } from './device.ts';
import { isSecure, pendingInteraction } from './interaction.ts';
import { finishSignIn } from './new-password-step.ts';
import { markTwoFactorVerified } from './two-factor-policy.ts';
import { authenticationOptions, verifyPasskeyAssertion } from './webauthn.ts';

const SIGN_IN_LOG = { object: LOG_OBJECT.passkey, action: LOG_ACTION.signIn } as const;

/**
 * A refused passkey sign-in in the action log: under the account its passkey belongs to (its
 * unit's administrators see it), or under nobody when the credential is no known passkey.
 */
async function logRefusedSignIn(ctx: AppContext, request: FastifyRequest, response: WebauthnResponse, reason: string): Promise<void> {
  const [known] = await ctx.db
    .select({ id: passkeys.id, name: passkeys.name, userId: users.id, username: users.username, unitId: users.unitId })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, response.id));
  const actor = known ? { userId: known.userId, username: known.username, unitId: known.unitId } : { userId: null, username: '', unitId: null };
  await writeActionLog(ctx.db, { actor, ip: request.ip, requestId: request.id }, { ...SIGN_IN_LOG, result: LOG_RESULT.failure, objectId: known?.id, objectName: known?.name, content: reason });
}

/** The account an assertion signs in: the passkey verified, then the account able to sign in now. */
async function passkeyAccount(ctx: AppContext, uid: string, response: WebauthnResponse) {
  const passkey = await verifyPasskeyAssertion(ctx.db, ctx, uid, response);
  return { passkey, user: await accountForSignIn(ctx.db, ctx.clock.now(), passkey.userId) };
}

/**
 * Sign-in with a passkey, no username typed: the options carry no credential list, so the
 * browser offers the portal's discoverable passkeys (from a button, or from the username
 * field's autofill). The passkey names the account; verified by the user (PIN, biometrics), it
 * is a second factor in itself and satisfies the two-factor policy. Every ceremony, passed or
 * refused, is in the action log.
 */
export function registerPasskeySigninRoutes(app: FastifyInstance, ctx: AppContext, provider: Provider): void {
  const { db } = ctx;

  registerCall(app, PASSKEY_SIGNIN_CALLS.options, {}, async (request, reply) => {
    const { uid } = request.params;
    await pendingInteraction(provider, request, reply, uid);
    return authenticationOptions(db, ctx, uid);
  });

  registerCall(app, PASSKEY_SIGNIN_CALLS.signIn, {}, async (request, reply) => {
    const { uid } = request.params;
    const { response } = request.body;
    await limitPerAddress(db, ctx.clock.now(), request, 'signIn');
    const interaction = await pendingInteraction(provider, request, reply, uid);
    const { passkey, user } = await passkeyAccount(ctx, uid, response).catch(async (error: unknown) => {
      const reason = error instanceof AppError ? error.key : 'error';
      ctx.metrics.signIn(reason === 'account.locked' ? 'locked' : reason === 'account.expired' ? 'disabled' : 'passkey_failed');
      await logRefusedSignIn(ctx, request, response, reason);
      throw error;
    });
    await writeActionLog(
      db,
      { actor: { userId: user.id, username: user.username, unitId: user.unitId }, ip: request.ip, requestId: request.id },
      { ...SIGN_IN_LOG, result: LOG_RESULT.success, objectId: passkey.id, objectName: passkey.name },
    );
    const device = deviceKeyHash(request, reply, isSecure(ctx));
    await markTwoFactorVerified(db, ctx.clock.now(), user.id);
    return finishSignIn(ctx, interaction, request, user, device);
  });
}
