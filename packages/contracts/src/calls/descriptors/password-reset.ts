import type { z } from 'zod';
import type {
  checkResetTokenResultSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResultSchema,
  resetPasswordRequestSchema,
  resetTokenSchema,
} from '../../schemas/account.ts';
import { describeCall } from '../define.ts';

/**
 * A forgotten password, reset by the mailed link: public calls the sign-in sends (a module of
 * their own, so the sign-in's bundle carries these three and nothing else of the account).
 */
export const PASSWORD_RESET_DESCRIPTORS = {
  forgot: describeCall<{ body: typeof forgotPasswordRequestSchema; answer: typeof forgotPasswordResultSchema }>({
    method: 'POST',
    path: '/Account/ForgotPassword',
    access: 'public',
  }),
  checkResetToken: describeCall<{ body: z.ZodObject<{ token: typeof resetTokenSchema }, z.core.$strict>; answer: typeof checkResetTokenResultSchema }>({
    method: 'POST',
    path: '/Account/CheckResetToken',
    access: 'public',
  }),
  reset: describeCall<{ body: typeof resetPasswordRequestSchema; answer: z.ZodBoolean }>({ method: 'POST', path: '/Account/ResetPassword', access: 'public' }),
};
