import { z } from 'zod';
import { textSchema, verificationCodeSchema } from './fields.ts';
import { PASSKEY_NAME_RULE } from './text-rules.ts';

/**
 * A WebAuthn response as the browser package answers it (RegistrationResponseJSON,
 * AuthenticationResponseJSON): checked in depth by the server's WebAuthn library, so only its
 * outline and sizes are checked here.
 */
export const webauthnResponseSchema = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().min(1).max(8192) }),
});
export type WebauthnResponse = z.infer<typeof webauthnResponseSchema>;

/** Options the browser package passes to navigator.credentials (its *OptionsJSON): opaque here. */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });
export type WebauthnOptions = z.infer<typeof webauthnOptionsSchema>;

export const passkeyNameSchema = textSchema(PASSKEY_NAME_RULE);

/** One of the signed-in user's passkeys as the security section lists it. */
export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced (backed up) passkeys survive the loss of a device. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/**
 * Re-authentication before adding or removing a passkey: the password, or an assertion of one
 * of the user's passkeys (from /api/Passkey/ReauthOptions).
 */
export const reauthenticationSchema = z
  .strictObject({ password: z.string().min(1).max(255).optional(), passkey: webauthnResponseSchema.optional() })
  .refine((v) => (v.password === undefined) !== (v.passkey === undefined), { path: ['password'], error: 'required' });
export type Reauthentication = z.infer<typeof reauthenticationSchema>;

export const passkeyRegisterSchema = z.strictObject({ name: passkeyNameSchema, response: webauthnResponseSchema });
export const passkeyRenameSchema = z.strictObject({ id: z.uuid(), name: passkeyNameSchema });
export const passkeyRemoveSchema = z.strictObject({ id: z.uuid(), reauthentication: reauthenticationSchema });

/** Sign-in with a passkey: the assertion the browser answered to the interaction's options. */
export const passkeySigninSchema = z.strictObject({ response: webauthnResponseSchema });

/** An authenticator app's enrolment: the secret as text, its otpauth URI and a QR code of it. */
export const totpEnrolmentSchema = z.object({ secret: z.string(), uri: z.string(), qrCode: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const totpConfirmSchema = z.strictObject({ code: verificationCodeSchema });

/** What a unit administrator sees of a user's second factors (and resets). */
export const userFactorsSchema = z.object({ userId: z.uuid(), passkeys: z.number().int(), app: z.boolean() });
export type UserFactors = z.infer<typeof userFactorsSchema>;
export const factorResetSchema = z.strictObject({ userId: z.uuid(), passkeys: z.boolean(), app: z.boolean() });
