import { z } from 'zod';
import { acceptingRecord } from '../resources/define.ts';
import { codeSentSchema } from '../schemas/account.ts';
import {
  codeConfirmationSchema,
  myTwoFactorSchema,
  passwordConfirmationSchema,
  recoveryCodesSchema,
  twoFaConfigQuerySchema,
  twoFaConfigSchema,
  twoFaConfigUpdateSchema,
  twoFaStatusChangeSchema,
  twoFaStatusVerifySchema,
} from '../schemas/two-factor.ts';
import { defineCall } from './define.ts';

/** The current user's own second factor. */
export const MY_TWO_FACTOR_CALLS = {
  status: defineCall({ method: 'GET', path: '/TwoFA/GetMyStatus', tag: 'TwoFA', access: 'signed-in', answer: myTwoFactorSchema }),
  requestEnable: defineCall({ method: 'POST', path: '/TwoFA/RequestEnable', tag: 'TwoFA', access: 'signed-in', body: passwordConfirmationSchema, answer: codeSentSchema }),
  confirmEnable: defineCall({ method: 'POST', path: '/TwoFA/ConfirmEnable', tag: 'TwoFA', access: 'signed-in', body: codeConfirmationSchema, answer: recoveryCodesSchema }),
  disable: defineCall({ method: 'POST', path: '/TwoFA/Disable', tag: 'TwoFA', access: 'signed-in', body: passwordConfirmationSchema, answer: z.boolean() }),
  regenerate: defineCall({ method: 'POST', path: '/TwoFA/RegenerateRecoveryCodes', tag: 'TwoFA', access: 'signed-in', body: passwordConfirmationSchema, answer: recoveryCodesSchema }),
};

/** The platform's two-factor configuration (who must use a second factor). */
export const TWO_FA_CONFIG_CALLS = {
  get: defineCall({ method: 'GET', path: '/TwoFAConfig/GetConfig', tag: 'TwoFAConfig', access: 'SYSTEM_TWOFA_LIST', query: twoFaConfigQuerySchema, answer: twoFaConfigSchema }),
  save: defineCall({
    method: 'POST',
    path: '/TwoFAConfig/AddUpdate',
    tag: 'TwoFAConfig',
    access: 'SYSTEM_TWOFA_UPDATE',
    body: acceptingRecord(twoFaConfigUpdateSchema, twoFaConfigSchema),
    answer: twoFaConfigSchema,
  }),
  askStatusChange: defineCall({ method: 'POST', path: '/TwoFAConfig/UpdateStatus', tag: 'TwoFAConfig', access: 'SYSTEM_TWOFA_UPDATE', body: twoFaStatusChangeSchema, answer: codeSentSchema }),
  verifyStatusChange: defineCall({ method: 'POST', path: '/TwoFAConfig/VerifyUpdate', tag: 'TwoFAConfig', access: 'SYSTEM_TWOFA_UPDATE', body: twoFaStatusVerifySchema, answer: twoFaConfigSchema }),
};
