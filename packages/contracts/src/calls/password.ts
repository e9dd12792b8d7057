import { z } from 'zod';
import {
  changeMyPassSchema,
  checkResetTokenResultSchema,
  forgotPasswordRequestSchema,
  forgotPasswordResultSchema,
  requestChangeMyPassResultSchema,
  requestChangeMyPassSchema,
  resetPasswordRequestSchema,
  resetTokenSchema,
} from '../schemas/account.ts';
import { withSchemas } from './define.ts';
import { PASSWORD_DESCRIPTORS } from './descriptors/account.ts';
import { PASSWORD_RESET_DESCRIPTORS } from './descriptors/password-reset.ts';

// A module apart from the two-factor calls: a screen that imports those does not drag the
// password descriptors into a chunk of their own (the sign-in then carries them alone).
/** Passwords (`PASSWORD_RESET_DESCRIPTORS`, `PASSWORD_DESCRIPTORS`) with their schemas: what the server registers. */
export const PASSWORD_CALLS = {
  forgot: withSchemas(PASSWORD_RESET_DESCRIPTORS.forgot, { body: forgotPasswordRequestSchema, answer: forgotPasswordResultSchema }),
  checkResetToken: withSchemas(PASSWORD_RESET_DESCRIPTORS.checkResetToken, { body: z.strictObject({ token: resetTokenSchema }), answer: checkResetTokenResultSchema }),
  reset: withSchemas(PASSWORD_RESET_DESCRIPTORS.reset, { body: resetPasswordRequestSchema, answer: z.boolean() }),
  requestChange: withSchemas(PASSWORD_DESCRIPTORS.requestChange, { body: requestChangeMyPassSchema, answer: requestChangeMyPassResultSchema }),
  change: withSchemas(PASSWORD_DESCRIPTORS.change, { body: changeMyPassSchema, answer: z.boolean() }),
};

