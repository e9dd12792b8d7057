import type { z } from 'zod';
import type { changeMyPassSchema, requestChangeMyPassResultSchema, requestChangeMyPassSchema } from '../../schemas/account.ts';
import { describeCall } from '../define.ts';

/** A password changed by its owner (the account screen), described without its schemas. */
export const PASSWORD_DESCRIPTORS = {
  requestChange: describeCall<{ body: typeof requestChangeMyPassSchema; answer: typeof requestChangeMyPassResultSchema }>({
    method: 'POST',
    path: '/User/RequestChangeMyPass',
    access: 'signed-in',
  }),
  change: describeCall<{ body: typeof changeMyPassSchema; answer: z.ZodBoolean }>({ method: 'POST', path: '/User/ChangeMyPass', access: 'signed-in' }),
};
