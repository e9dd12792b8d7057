import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { LOG_ACTION, LOG_OBJECT, PASSKEY_SIGNIN_CALLS, type InteractionStep } from '@portal/contracts';
import type { AppContext } from '../app-context.ts';
import type { users } from '../db/schema/index.ts';
import { auditedChangeBy } from '../platform/audit.ts';
import { registerCall } from '../platform/call.ts';
import { AppError } from '../platform/errors.ts';
import { accountForSignIn } from './accounts.ts';
import { completeLogin, pendingInteraction } from './interaction.ts';
import { CODE_PURPOSES, dropCode, issueCode, pendingPayload } from './verification-codes.ts';
import { registerPasskey, registrationOptions } from './webauthn.ts';

/**
 * A sign-in under a "passkey only" policy by an account that has no passkey yet: it passed its
 * password and a code, and registers a passkey before the sign-in finishes (Keycloak's
 * required action "WebAuthn register"); there is no way past the step but a passkey. Kept under
 * the interaction's uid like the new-password step; nothing is e-mailed.
 */
const ENROLMENT_STEP = CODE_PURPOSES.passkeyEnrolmentSignin;

interface PendingPasskeyEnrolment {
  userId: string;
  deviceKeyHash: string;
}

/** Asks the sign-in's browser for a passkey before the sign-in finishes. */
export async function askPasskeyEnrolment(ctx: AppContext, uid: string, user: { id: string; username: string }, deviceKeyHash: string): Promise<InteractionStep> {
  await issueCode(ctx.db, ctx.clock.now(), ENROLMENT_STEP, uid, { userId: user.id, deviceKeyHash } satisfies PendingPasskeyEnrolment);
  return { status: 'register_passkey', username: user.username };
}

/** The account waiting at this interaction's enrolment step, still able to sign in. */
async function waitingAccount(ctx: AppContext, uid: string) {
  const pending = await pendingPayload<PendingPasskeyEnrolment>(ctx.db, ctx.clock.now(), ENROLMENT_STEP, uid);
  if (!pending) throw new AppError('session.expired');
  return { pending, user: await accountForSignIn(ctx.db, ctx.clock.now(), pending.userId) };
}

const actorOf = (user: typeof users.$inferSelect) => ({ userId: user.id, username: user.username, unitId: user.unitId });

export function registerPasskeyEnrolmentRoutes(app: FastifyInstance, ctx: AppContext, provider: Provider): void {
  const { db } = ctx;

  registerCall(app, PASSKEY_SIGNIN_CALLS.enrolOptions, {}, async (request, reply) => {
    const { uid } = request.params;
    await pendingInteraction(provider, request, reply, uid);
    const { user } = await waitingAccount(ctx, uid);
    return registrationOptions(db, ctx, { id: user.id, username: user.username, fullName: user.fullName || user.username });
  });

  registerCall(app, PASSKEY_SIGNIN_CALLS.enrol, {}, async (request, reply) => {
    const { uid } = request.params;
    const interaction = await pendingInteraction(provider, request, reply, uid);
    const { pending, user } = await waitingAccount(ctx, uid);
    // Logged as the account's registration of a passkey, like one from the account screen.
    await auditedChangeBy(db, request, actorOf(user), { object: LOG_OBJECT.passkey, action: LOG_ACTION.register }, async (tx, note) => {
      note({ objectName: request.body.name });
      const row = await registerPasskey(tx, ctx, user.id, request.body.name, request.body.response);
      note({ objectId: row.id });
      await dropCode(tx, ENROLMENT_STEP, uid);
    });
    return completeLogin(ctx, interaction, request, user, pending.deviceKeyHash);
  });
}
