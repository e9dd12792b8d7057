import { z } from 'zod';
import { factorResetSchema, totpConfirmSchema, totpEnrolmentSchema, userFactorsSchema } from '../schemas/passkeys.ts';
import { passwordConfirmationSchema, recoveryCodesSchema } from '../schemas/two-factor.ts';
import { defineCall } from './define.ts';

/**
 * The signed-in user's authenticator app (TOTP): the password, then the secret (QR code and
 * text), then a first code confirms it; removing it asks the password again.
 */
export const MY_APP_CALLS = {
  start: defineCall({ method: 'POST', path: '/TwoFA/StartApp', tag: 'TwoFA', access: 'signed-in', body: passwordConfirmationSchema, answer: totpEnrolmentSchema }),
  confirm: defineCall({ method: 'POST', path: '/TwoFA/ConfirmApp', tag: 'TwoFA', access: 'signed-in', body: totpConfirmSchema, answer: recoveryCodesSchema }),
  remove: defineCall({ method: 'POST', path: '/TwoFA/RemoveApp', tag: 'TwoFA', access: 'signed-in', body: passwordConfirmationSchema, answer: z.boolean() }),
};

/** A unit administrator's view of their users' passkeys and apps, and the reset of them (a lost phone). */
export const FACTOR_ADMIN_CALLS = {
  /** `ids`: the users of the page shown, comma-separated (one query for the page, not one per row). */
  list: defineCall({
    method: 'GET',
    path: '/User/GetSecondFactors',
    tag: 'UnitUser',
    access: 'USER_USERUNIT_LIST',
    query: z.strictObject({ ids: z.string().max(20_000) }),
    answer: z.array(userFactorsSchema),
  }),
  reset: defineCall({ method: 'POST', path: '/User/ResetSecondFactors', tag: 'UnitUser', access: 'USER_USERUNIT_EDIT', body: factorResetSchema, answer: z.boolean() }),
};
