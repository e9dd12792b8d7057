import { z } from 'zod';
import { TWO_FA_RECURRENCE_DAYS, TWO_FA_STATUS, TWO_FA_TRIGGERS } from '../constants.ts';
import { textSchema, verificationCodeSchema } from './fields.ts';
import { RECOVERY_CODE_RULE } from './text-rules.ts';

/** Section 4: two-factor status is 1 (enabled) when it is 1, otherwise 5. */
export function normalizeTwoFaStatus(status: number | null | undefined): 1 | 5 {
  return status === TWO_FA_STATUS.enabled ? TWO_FA_STATUS.enabled : TWO_FA_STATUS.disabled;
}

const twoFaStatusSchema = z.union([z.literal(TWO_FA_STATUS.enabled), z.literal(TWO_FA_STATUS.disabled)]);

/** The signed-in user's own two-factor state. */
export const myTwoFactorSchema = z.object({
  status: twoFaStatusSchema,
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().int(),
  /** True when the unit's policy asks every user of the unit, enrolled or not. */
  requiredByPolicy: z.boolean(),
  /** Which second factor the policy accepts: any, or a passkey only (phishing-resistant). */
  requiredFactor: z.enum(['any', 'passkey']),
  /** A confirmed authenticator app (TOTP). */
  app: z.boolean(),
  passkeys: z.number().int(),
});
export type MyTwoFactor = z.infer<typeof myTwoFactorSchema>;

export const passwordConfirmationSchema = z.strictObject({ password: z.string().min(1, { error: 'required', abort: true }).max(255) });
export type PasswordConfirmation = z.infer<typeof passwordConfirmationSchema>;

export const codeConfirmationSchema = z.strictObject({ code: verificationCodeSchema });
export type CodeConfirmation = z.infer<typeof codeConfirmationSchema>;

/** Recovery codes: shown once, never again. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** A recovery code as typed: letters and digits, dashes and spaces ignored. */
export const recoveryCodeSchema = textSchema(RECOVERY_CODE_RULE);

/** The code asked at sign-in: an e-mailed code, or one of the recovery codes. */
export const twoFactorSigninSchema = z
  .strictObject({ code: verificationCodeSchema.optional(), appCode: verificationCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .refine((v) => [v.code, v.appCode, v.recoveryCode].filter((given) => given !== undefined).length === 1, { path: ['code'], error: 'code_required' });
export type TwoFactorSignin = z.infer<typeof twoFactorSigninSchema>;

/** /TwoFAConfig: a unit's policy (unitId null: the default for platform staff and units without one). */
export const twoFaConfigSchema = z.object({
  unitId: z.uuid().nullable(),
  status: twoFaStatusSchema,
  trigger: z.enum(TWO_FA_TRIGGERS),
  /** Days between two verifications when the trigger is `recurring`. */
  recurrenceDays: z.union(TWO_FA_RECURRENCE_DAYS.map((days) => z.literal(days)) as [z.ZodLiteral<1>, ...z.ZodLiteral<number>[]]).nullable(),
  /** `passkey`: only a phishing-resistant factor satisfies the policy; `any`: any second factor. */
  requiredFactor: z.enum(['any', 'passkey']),
});
export type TwoFaConfig = z.infer<typeof twoFaConfigSchema>;

export const twoFaConfigQuerySchema = z.strictObject({ unitId: z.uuid().optional() });

export const twoFaConfigUpdateSchema = z
  .strictObject({
    unitId: z.uuid().nullable(),
    trigger: z.enum(TWO_FA_TRIGGERS),
    recurrenceDays: twoFaConfigSchema.shape.recurrenceDays,
    requiredFactor: twoFaConfigSchema.shape.requiredFactor.default('any'),
  })
  .refine((v) => v.trigger !== 'recurring' || v.recurrenceDays !== null, { path: ['recurrenceDays'], error: 'required' });
export type TwoFaConfigUpdate = z.infer<typeof twoFaConfigUpdateSchema>;

/** Turning a policy on or off is confirmed with a code e-mailed to the administrator. */
export const twoFaStatusChangeSchema = z.strictObject({ unitId: z.uuid().nullable(), status: twoFaStatusSchema });
export type TwoFaStatusChange = z.infer<typeof twoFaStatusChangeSchema>;

export const twoFaStatusVerifySchema = twoFaStatusChangeSchema.extend({ code: verificationCodeSchema });
export type TwoFaStatusVerify = z.infer<typeof twoFaStatusVerifySchema>;
