import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { codeSentSchema, envelopeSchema, interactionStepSchema, otpRequestSchema, signUpRequestSchema, type InteractionStep } from '@portal/contracts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../platform/envelope.ts';
import { limitPerAddress } from '../platform/ip-limits.ts';
import { languageOf } from '../platform/language.ts';
import { deviceKeyHash } from './device.ts';
import { completeLogin, isSecure, pendingInteraction, uidParams } from './interaction.ts';
import { completeSignUp, requestSignUp, resendSignUpCode, type StartTrialUnit } from './sign-up.ts';
import { signinPage } from './provider.ts';

/**
 * Sign-up from the sign-in screen: the visitor's details, then the OTP e-mailed to them; once
 * it is confirmed the trial unit and its administrator exist and the visitor is signed in.
 */
export function registerSignUpRoutes(app: FastifyInstance, ctx: AppContext, provider: Provider, startTrialUnit: StartTrialUnit): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/oidc/interaction/:uid/sign-up',
    { schema: { params: uidParams, body: signUpRequestSchema, response: { 200: envelopeSchema(interactionStepSchema) } } },
    async (request, reply) => {
      const { uid } = request.params;
      await limitPerAddress(ctx.db, request, 'codeSending');
      await pendingInteraction(provider, request, reply, uid);
      const { agreeTerms: _agreed, confirmPassword: _confirmed, ...details } = request.body;
      const sent = await requestSignUp(ctx.db, ctx.mailer, uid, details, languageOf(request));
      return ok({ status: 'verify', purpose: 'sign_up', ...sent } satisfies InteractionStep);
    },
  );

  routes.post(
    '/oidc/interaction/:uid/sign-up/resend',
    { schema: { params: uidParams, response: { 200: envelopeSchema(codeSentSchema) } } },
    async (request, reply) => {
      await limitPerAddress(ctx.db, request, 'codeSending');
      await pendingInteraction(provider, request, reply, request.params.uid);
      return ok(await resendSignUpCode(ctx.db, ctx.mailer, request.params.uid));
    },
  );

  routes.post(
    '/oidc/interaction/:uid/sign-up/verify',
    { schema: { params: uidParams, body: otpRequestSchema, response: { 200: envelopeSchema(interactionStepSchema) } } },
    async (request, reply) => {
      const { uid } = request.params;
      const interaction = await pendingInteraction(provider, request, reply, uid);
      const admin = await completeSignUp(
        { db: ctx.db, mailer: ctx.mailer, startTrialUnit },
        { subject: uid, otp: request.body.otp, signinUrl: signinPage(ctx.config.publicUrl), now: ctx.clock.now() },
      );
      const device = deviceKeyHash(request, reply, isSecure(ctx));
      return ok(await completeLogin(ctx, interaction, request, admin, device));
    },
  );
}
