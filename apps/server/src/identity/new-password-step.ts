import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { and, eq } from 'drizzle-orm';
import { envelopeSchema, interactionStepSchema, newPasswordSigninSchema, type InteractionStep } from '@portal/contracts';
import type { AppContext } from '../app-context.ts';
import { users, verificationCodes } from '../db/schema/index.ts';
import { ok } from '../platform/envelope.ts';
import { AppError } from '../platform/errors.ts';
import { languageOf } from '../platform/language.ts';
import { canSignIn, isLocked } from './accounts.ts';
import { completeLogin, pendingInteraction, uidParams, type PendingInteraction } from './interaction.ts';
import { setPassword } from './password-update.ts';
import { verifyPassword } from './passwords.ts';
import { CODE_PURPOSES, issueCode, pendingPayload } from './verification-codes.ts';

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
}

type SigningInUser = Pick<typeof users.$inferSelect, 'id' | 'username' | 'unitId' | 'passwordChangeRequired'>;

/** Ends a sign-in that passed every check, or asks for a new password first when the account needs one. */
export async function finishSignIn(
  ctx: AppContext,
  interaction: PendingInteraction,
  request: FastifyRequest,
  user: SigningInUser,
  deviceKeyHash: string,
): Promise<InteractionStep> {
  if (!user.passwordChangeRequired) return completeLogin(ctx, interaction, request, user, deviceKeyHash);
  await issueCode(ctx.db, NEW_PASSWORD_STEP, interaction.uid, { userId: user.id, deviceKeyHash } satisfies PendingNewPassword);
  return { status: 'new_password', username: user.username };
}

/** `POST /oidc/interaction/:uid/new-password`: the new password (the policy's rules), then the sign-in goes on. */
export function registerNewPasswordRoute(app: FastifyInstance, ctx: AppContext, provider: Provider): void {
  const { db } = ctx;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/oidc/interaction/:uid/new-password',
    { schema: { params: uidParams, body: newPasswordSigninSchema, response: { 200: envelopeSchema(interactionStepSchema) } } },
    async (request, reply) => {
      const { uid } = request.params;
      const interaction = await pendingInteraction(provider, request, reply, uid);
      const pending = await pendingPayload<PendingNewPassword>(db, NEW_PASSWORD_STEP, uid);
      if (!pending) throw new AppError('session.expired');
      const [user] = await db.select().from(users).where(eq(users.id, pending.userId));
      if (!user || !canSignIn(user)) throw new AppError(user && isLocked(user) ? 'account.locked' : 'account.expired');
      const { newPassword } = request.body;
      if (await verifyPassword(user.passwordHash, newPassword)) {
        throw new AppError('account.password_unchanged', { errors: [{ field: 'body.newPassword', message: 'password_unchanged' }] });
      }
      await setPassword({ db, mailer: ctx.mailer, realtime: ctx.realtime, publicUrl: ctx.config.publicUrl }, user, newPassword, { language: languageOf(request) });
      await db.delete(verificationCodes).where(and(eq(verificationCodes.purpose, NEW_PASSWORD_STEP.key), eq(verificationCodes.subject, uid)));
      return ok(await completeLogin(ctx, interaction, request, user, pending.deviceKeyHash));
    },
  );
}
