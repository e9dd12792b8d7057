import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { and, eq } from 'drizzle-orm';
import {
  BASE_PATH,
  codeSentSchema,
  envelopeSchema,
  interactionDetailsSchema,
  interactionStepSchema,
  loginRequestSchema,
  twoFactorSigninSchema,
  type InteractionStep,
} from '@portal/contracts';
import type { AppContext } from '../app-context.ts';
import { verificationCodes, users } from '../db/schema/index.ts';
import { ok } from '../platform/envelope.ts';
import { AppError } from '../platform/errors.ts';
import { languageOf } from '../platform/language.ts';
import { limitPerAddress } from '../platform/ip-limits.ts';
import { hitRateLimit } from '../platform/rate-limit.ts';
import { canSignIn, checkCredentials, isLocked } from './accounts.ts';
import { sendCodeByMail } from './code-mail.ts';
import { deviceKeyHash } from './device.ts';
import { SIGN_IN_REFUSALS, type SignInRefusal } from './entitlement.ts';
import { ENTITLEMENT_PROMPT } from './provider.ts';
import { isSecure, pendingInteraction, saveInteractionResult, uidParams } from './interaction.ts';
import { finishSignIn } from './new-password-step.ts';
import { useRecoveryCode } from './recovery-codes.ts';
import { markTwoFactorVerified, twoFactorNeeded } from './two-factor-policy.ts';
import { CODE_PURPOSES, consumeCode, issueCode, maskEmail, pendingCode } from './verification-codes.ts';
import { checkAppCode, pendingTwoFactor, secondFactorOf, type PendingTwoFactor } from './second-factor.ts';

function refusalOf(details: Record<string, unknown>): SignInRefusal {
  return SIGN_IN_REFUSALS.find((refusal) => refusal === details.refusal) ?? 'service.no_permission';
}

/** Code checks per user at sign-in, across interactions: 20 an hour. */
const TWO_FACTOR_CHECKS = { limit: 20, windowMs: 60 * 60_000 };

/**
 * The endpoints behind the React sign-in screens. They live under the provider's interaction
 * path because the provider's interaction cookie is scoped to it: a request from another
 * browser cannot act on this browser's sign-in.
 */
export function registerInteractionRoutes(app: FastifyInstance, ctx: AppContext, provider: Provider): void {
  const { db } = ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const stepResponse = { 200: envelopeSchema(interactionStepSchema) };

  routes.get('/oidc/interaction/:uid', { schema: { params: uidParams, hide: true } }, async (request, reply) =>
    reply.redirect(`${BASE_PATH}/signin?uid=${encodeURIComponent(request.params.uid)}`, 303),
  );

  routes.get(
    '/oidc/interaction/:uid/details',
    { schema: { params: uidParams, response: { 200: envelopeSchema(interactionDetailsSchema) } } },
    async (request, reply) => {
      const interaction = await pendingInteraction(provider, request, reply, request.params.uid);
      // A service the user may not open now: the sign-in page shows why, and no code is issued.
      if (interaction.prompt.name === ENTITLEMENT_PROMPT) {
        ctx.metrics.signIn('refused_by_entitlement');
        throw new AppError(refusalOf(interaction.prompt.details));
      }
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
    { schema: { params: uidParams, body: loginRequestSchema, response: stepResponse } },
    async (request, reply) => {
      const { uid } = request.params;
      // The address's count and the interaction are read at once (one wait instead of two); a
      // refused address still answers before an expired sign-in, as when read in turn.
      const [limited, pending] = await Promise.allSettled([limitPerAddress(db, request, 'signIn'), pendingInteraction(provider, request, reply, uid)]);
      if (limited.status === 'rejected') throw limited.reason;
      if (pending.status === 'rejected') throw pending.reason;
      const interaction = pending.value;
      const check = await checkCredentials(db, ctx.actors, request.body.username, request.body.password);
      if (!check.ok) {
        ctx.metrics.signIn(check.reason === 'locked' ? 'locked' : check.reason === 'disabled' ? 'disabled' : 'wrong_password');
        throw new AppError(
          check.reason === 'locked' ? 'account.locked' : check.reason === 'disabled' ? 'account.expired' : 'account.invalid_credentials',
        );
      }
      const { user } = check;
      const device = deviceKeyHash(request, reply, isSecure(ctx));
      if (!(await twoFactorNeeded(db, user, device))) return ok(await finishSignIn(ctx, interaction, request, user, device));
      const second = await secondFactorOf(db, user);
      // A policy asking for a phishing-resistant factor: a user who has a passkey must use it.
      if (second.passkeyRequired) throw new AppError('passkey.required');
      ctx.metrics.signIn('two_factor_asked');
      // Back from the code screen and signing in again: the code already sent still stands.
      const earlier = await pendingCode<PendingTwoFactor>(db, CODE_PURPOSES.twoFactorSignin, uid);
      const payload: PendingTwoFactor = { userId: user.id, deviceKeyHash: device };
      if (second.app && earlier?.payload.userId !== user.id) {
        // The app's code is asked; the pending sign-in is kept (no code is sent) for any instance.
        await issueCode(db, CODE_PURPOSES.twoFactorAppSignin, uid, payload);
        return ok({ status: 'verify', purpose: 'two_factor', method: 'app', destination: '', resendAfterSeconds: 0 } satisfies InteractionStep);
      }
      const sent =
        earlier?.payload.userId === user.id && earlier.resendAfterSeconds > 0
          ? { destination: maskEmail(user.email), resendAfterSeconds: earlier.resendAfterSeconds }
          : await sendCodeByMail(
              db,
              ctx.mailer,
              { purpose: CODE_PURPOSES.twoFactorSignin, subject: uid, payload },
              { email: user.email, language: languageOf(request) },
            );
      return ok({ status: 'verify', purpose: 'two_factor', ...sent } satisfies InteractionStep);
    },
  );

  routes.post(
    '/oidc/interaction/:uid/two-factor',
    { schema: { params: uidParams, body: twoFactorSigninSchema, response: stepResponse } },
    async (request, reply) => {
      const { uid } = request.params;
      const interaction = await pendingInteraction(provider, request, reply, uid);
      const pending = await pendingTwoFactor(db, uid);
      if (!pending) throw new AppError('verification.failed');
      if (!(await hitRateLimit(db, `two-factor-signin:${pending.userId}`, TWO_FACTOR_CHECKS))) throw new AppError('request.too_many');
      const { code, appCode, recoveryCode = '' } = request.body;
      if (code !== undefined) {
        await consumeCode(db, CODE_PURPOSES.twoFactorSignin, uid, code).catch((error: unknown) => {
          ctx.metrics.signIn('two_factor_failed');
          throw error;
        });
      } else if (appCode !== undefined) {
        await checkAppCode(ctx, pending.userId, appCode).catch((error: unknown) => {
          ctx.metrics.signIn('two_factor_failed');
          throw error;
        });
      } else {
        if (!(await useRecoveryCode(db, pending.userId, recoveryCode))) {
          ctx.metrics.signIn('two_factor_failed');
          throw new AppError('verification.failed');
        }
        // The e-mailed code of this sign-in must not be usable afterwards.
        await db
          .delete(verificationCodes)
          .where(and(eq(verificationCodes.purpose, CODE_PURPOSES.twoFactorSignin.key), eq(verificationCodes.subject, uid)));
      }
      const [user] = await db.select().from(users).where(eq(users.id, pending.userId));
      if (!user || !canSignIn(user)) throw new AppError(user && isLocked(user) ? 'account.locked' : 'account.expired');
      await markTwoFactorVerified(db, user.id);
      return ok(await finishSignIn(ctx, interaction, request, user, pending.deviceKeyHash));
    },
  );

  routes.post(
    '/oidc/interaction/:uid/two-factor/resend',
    { schema: { params: uidParams, response: { 200: envelopeSchema(codeSentSchema) } } },
    async (request, reply) => {
      const { uid } = request.params;
      await pendingInteraction(provider, request, reply, uid);
      // From the app's code step too ("use an e-mailed code instead").
      const pending = await pendingTwoFactor(db, uid);
      const [user] = pending ? await db.select().from(users).where(eq(users.id, pending.userId)) : [];
      if (!pending || !user) throw new AppError('session.expired');
      return ok(
        await sendCodeByMail(
          db,
          ctx.mailer,
          { purpose: CODE_PURPOSES.twoFactorSignin, subject: uid, payload: pending },
          { email: user.email, language: languageOf(request) },
        ),
      );
    },
  );

  /** Consent is granted automatically for first-party clients; this finishes a consent prompt. */
  routes.post(
    '/oidc/interaction/:uid/confirm',
    { schema: { params: uidParams, response: stepResponse } },
    async (request, reply) => {
      const interaction = await pendingInteraction(provider, request, reply, request.params.uid);
      const grant = new provider.Grant({
        clientId: String(interaction.params.client_id),
        accountId: interaction.session?.accountId,
      });
      const grantId = await grant.save();
      const redirectTo = await saveInteractionResult(interaction, { consent: { grantId } }, true);
      return ok({ status: 'done' as const, redirectTo });
    },
  );
}
