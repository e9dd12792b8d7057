import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { eq } from 'drizzle-orm';
import { envelopeSchema, interactionStepSchema, passkeySigninSchema, webauthnOptionsSchema } from '@portal/contracts';
import type { AppContext } from '../app-context.ts';
import { users } from '../db/schema/index.ts';
import { ok } from '../platform/envelope.ts';
import { AppError } from '../platform/errors.ts';
import { limitPerAddress } from '../platform/ip-limits.ts';
import { canSignIn, isLocked } from './accounts.ts';
import { deviceKeyHash } from './device.ts';
import { isSecure, pendingInteraction, uidParams } from './interaction.ts';
import { finishSignIn } from './new-password-step.ts';
import { markTwoFactorVerified } from './two-factor-policy.ts';
import { authenticationOptions, verifyPasskeyAssertion } from './webauthn.ts';

/**
 * Sign-in with a passkey, no username typed: the options carry no credential list, so the
 * browser offers the portal's discoverable passkeys (from a button, or from the username
 * field's autofill). The passkey names the account; verified by the user (PIN, biometrics), it
 * is a second factor in itself and satisfies the two-factor policy.
 */
export function registerPasskeySigninRoutes(app: FastifyInstance, ctx: AppContext, provider: Provider): void {
  const { db } = ctx;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/oidc/interaction/:uid/passkey/options',
    { schema: { params: uidParams, response: { 200: envelopeSchema(webauthnOptionsSchema) } } },
    async (request, reply) => {
      const { uid } = request.params;
      await pendingInteraction(provider, request, reply, uid);
      return ok(await authenticationOptions(db, ctx.config, uid));
    },
  );

  routes.post(
    '/oidc/interaction/:uid/passkey',
    { schema: { params: uidParams, body: passkeySigninSchema, response: { 200: envelopeSchema(interactionStepSchema) } } },
    async (request, reply) => {
      const { uid } = request.params;
      await limitPerAddress(db, request, 'signIn');
      const interaction = await pendingInteraction(provider, request, reply, uid);
      const passkey = await verifyPasskeyAssertion(db, ctx.config, uid, request.body.response);
      const [user] = await db.select().from(users).where(eq(users.id, passkey.userId));
      if (!user || !canSignIn(user)) throw new AppError(user && isLocked(user) ? 'account.locked' : 'account.expired');
      const device = deviceKeyHash(request, reply, isSecure(ctx));
      await markTwoFactorVerified(db, user.id);
      return ok(await finishSignIn(ctx, interaction, request, user, device));
    },
  );
}
