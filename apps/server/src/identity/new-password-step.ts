import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { INTERACTION_CALLS, type InteractionStep, type Language } from '@portal/contracts';
import type { AppContext } from '../app-context.ts';
import type { users } from '../db/schema/index.ts';
import { registerCall } from '../platform/call.ts';
import { AppError } from '../platform/errors.ts';
import { languageOf } from '../platform/language.ts';
import { accountForSignIn } from './accounts.ts';
import { completeLogin, pendingInteraction, type PendingInteraction } from './interaction.ts';
import { askPasskeyEnrolment } from './passkey-enrolment-step.ts';
import { setPassword } from './password-update.ts';
import { verifyPassword } from './passwords.ts';
import { CODE_PURPOSES, dropCode, issueCode, pendingPayload } from './verification-codes.ts';

/**
 * A sign-in that passed its password (and second factor) but must set a new password first:
 * the account's password was generated or reset by an administrator (`passwordChangeRequired`),
 * as the welcome and new-password mails tell the user. Kept under the interaction's uid like a
 * pending second factor; nothing is e-mailed (the stored code is never used).
 */
const NEW_PASSWORD_STEP = CODE_PURPOSES.newPasswordSignin;

interface PendingNewPassword {
  userId: string;
  deviceKeyHash: string;
  /** A passkey's registration is due after the new password. */
  enrolPasskey?: boolean;
}

type SigningInUser = Pick<typeof users.$inferSelect, 'id' | 'username' | 'unitId' | 'passwordChangeRequired'>;

/**
 * Ends a sign-in that passed every check, or asks first what the account still owes, in turn:
 * a new password when it needs one, then a passkey when the policy requires one it lacks
 * (`enrolPasskey`).
 */
export async function finishSignIn(
  ctx: AppContext,
  interaction: PendingInteraction,
  request: FastifyRequest,
  user: SigningInUser,
  deviceKeyHash: string,
  due: { enrolPasskey?: boolean } = {},
): Promise<InteractionStep> {
  const enrolPasskey = due.enrolPasskey === true;
  if (user.passwordChangeRequired) {
    await issueCode(ctx.db, ctx.clock.now(), NEW_PASSWORD_STEP, interaction.uid, { userId: user.id, deviceKeyHash, ...(enrolPasskey ? { enrolPasskey } : {}) } satisfies PendingNewPassword);
    return { status: 'new_password', username: user.username };
  }
  if (enrolPasskey) return askPasskeyEnrolment(ctx, interaction.uid, user, deviceKeyHash);
  return completeLogin(ctx, interaction, request, user, deviceKeyHash);
}

/**
 * Sets the new password a pending sign-in waits for (the policy's rules; not the one it had),
 * and answers the account and device the sign-in goes on with.
 */
async function setNewPasswordAtSignIn(ctx: AppContext, uid: string, newPassword: string, language: Language) {
  const { db } = ctx;
  const now = ctx.clock.now();
  const pending = await pendingPayload<PendingNewPassword>(db, now, NEW_PASSWORD_STEP, uid);
  if (!pending) throw new AppError('session.expired');
  const user = await accountForSignIn(db, now, pending.userId);
  if (await verifyPassword(user.passwordHash, newPassword)) {
    throw new AppError('account.password_unchanged', { errors: [{ field: 'body.newPassword', message: 'password_unchanged' }] });
  }
  await setPassword({ db, mailer: ctx.mailer, realtime: ctx.realtime, publicUrl: ctx.config.publicUrl }, user, newPassword, { language });
  await dropCode(db, NEW_PASSWORD_STEP, uid);
  return { user, deviceKeyHash: pending.deviceKeyHash, enrolPasskey: pending.enrolPasskey === true };
}

/** `POST /oidc/interaction/:uid/new-password`: the new password, then the sign-in goes on. */
export function registerNewPasswordRoute(app: FastifyInstance, ctx: AppContext, provider: Provider): void {
  registerCall(app, INTERACTION_CALLS.newPassword, {}, async (request, reply) => {
    const interaction = await pendingInteraction(provider, request, reply, request.params.uid);
    const { user, deviceKeyHash, enrolPasskey } = await setNewPasswordAtSignIn(ctx, request.params.uid, request.body.newPassword, languageOf(request));
    if (enrolPasskey) return askPasskeyEnrolment(ctx, request.params.uid, user, deviceKeyHash);
    return completeLogin(ctx, interaction, request, user, deviceKeyHash);
  });
}
