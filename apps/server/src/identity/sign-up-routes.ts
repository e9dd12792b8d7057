import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { INTERACTION_CALLS } from '@portal/contracts';
import type { AppContext } from '../app-context.ts';
import { registerCall } from '../platform/call.ts';
import { limitPerAddress } from '../platform/ip-limits.ts';
import { languageOf } from '../platform/language.ts';
import { deviceKeyHash } from './device.ts';
import { completeLogin, isSecure, pendingInteraction } from './interaction.ts';
import { completeSignUp, requestSignUp, resendSignUpCode, type StartTrialUnit } from './sign-up.ts';
import { signinPage } from './provider.ts';

/**
 * Sign-up from the sign-in screen: the visitor's details, then the OTP e-mailed to them; once
 * it is confirmed the trial unit and its administrator exist and the visitor is signed in.
 */
export function registerSignUpRoutes(app: FastifyInstance, ctx: AppContext, provider: Provider, startTrialUnit: StartTrialUnit): void {
  registerCall(app, INTERACTION_CALLS.signUp, {}, async (request, reply) => {
    const { uid } = request.params;
    await limitPerAddress(ctx.db, ctx.clock.now(), request, 'codeSending');
    await pendingInteraction(provider, request, reply, uid);
    const { agreeTerms: _agreed, confirmPassword: _confirmed, ...details } = request.body;
    const sent = await requestSignUp(ctx.db, ctx.clock.now(), ctx.mailer, uid, details, languageOf(request));
    return { status: 'verify' as const, purpose: 'sign_up' as const, ...sent };
  });

  registerCall(app, INTERACTION_CALLS.signUpResend, {}, async (request, reply) => {
    await limitPerAddress(ctx.db, ctx.clock.now(), request, 'codeSending');
    await pendingInteraction(provider, request, reply, request.params.uid);
    return resendSignUpCode(ctx.db, ctx.clock.now(), ctx.mailer, request.params.uid);
  });

  registerCall(app, INTERACTION_CALLS.signUpVerify, {}, async (request, reply) => {
    const { uid } = request.params;
    const interaction = await pendingInteraction(provider, request, reply, uid);
    const admin = await completeSignUp(
      { db: ctx.db, mailer: ctx.mailer, startTrialUnit },
      { subject: uid, otp: request.body.otp, signinUrl: signinPage(ctx.config.publicUrl), now: ctx.clock.now() },
    );
    const device = deviceKeyHash(request, reply, isSecure(ctx));
    return completeLogin(ctx, interaction, request, admin, device);
  });
}
