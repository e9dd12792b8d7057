import type { z } from 'zod';
import type { baseAppListSchema, updateDefaultLoginSchema } from '../../schemas/apps.ts';
import type { listMenusSchema, userProfileSchema } from '../../schemas/user.ts';
import type { updateProfileRequestSchema } from '../../schemas/account.ts';
import { describeCall } from '../define.ts';

/** A save schema that also takes the record back unchanged (`acceptingRecord`): it reads as the save schema. */
type Accepting<S extends z.ZodType> = z.ZodType<z.output<S>, z.input<S>>;

/**
 * The current user's own calls, described without their schemas: the shell and the sign-in
 * send them (`../user.ts` adds the schemas, beside the administrators' calls on one user,
 * which only screens that carry zod anyway send).
 */
export const USER_DESCRIPTORS = {
  profile: describeCall<{ answer: typeof userProfileSchema }>({ method: 'GET', path: '/User/GetUserProfileCurrent', access: 'signed-in' }),
  menus: describeCall<{ answer: typeof listMenusSchema }>({ method: 'GET', path: '/User/GetListMenus', access: 'signed-in' }),
  updateProfile: describeCall<{ body: Accepting<typeof updateProfileRequestSchema>; answer: typeof userProfileSchema }>({
    method: 'POST',
    path: '/User/UpdateUserProfileCurrent',
    access: 'signed-in',
  }),
  baseApps: describeCall<{ answer: typeof baseAppListSchema }>({ method: 'GET', path: '/User/GetListBaseApp', access: 'signed-in' }),
  /** The specification's dashboard call: the current user's services, without the portal itself. */
  myServices: describeCall<{ answer: typeof baseAppListSchema }>({ method: 'GET', path: '/ChannelManager/GetChannelByUserCurrent', tag: 'Dashboard', access: 'signed-in' }),
  updateDefaultLogin: describeCall<{ body: typeof updateDefaultLoginSchema; answer: z.ZodBoolean }>({
    method: 'POST',
    path: '/User/UpdateChannelCodeDefaultLogin',
    access: 'signed-in',
  }),
};
