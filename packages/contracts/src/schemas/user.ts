import { z } from 'zod';

/** The signed-in user's own account, as the account menu and the shell read it. */
export const userProfileSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mobile: z.string().nullable(),
  email: z.string(),
  roleNames: z.array(z.string()),
  description: z.string().nullable(),
  isAdminIAM: z.boolean(),
  isUserWebPortal: z.boolean(),
  isUserUnit: z.boolean(),
  isAdminUnit: z.boolean(),
  unitId: z.uuid().nullable(),
  unitName: z.string().nullable(),
  /** An agency's user: their agency, and whether they are its agent (principal). */
  agencyId: z.uuid().nullable(),
  agencyName: z.string().nullable(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  /** Days left of the unit's trial; 0 or less means the trial has expired; null without a trial. */
  countExpirationDate: z.number().int().nullable(),
  channelCodeDefaultLogin: z.string().nullable(),
  allowExport: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const menuChildSchema = z.object({
  route: z.string(),
  hashCode: z.string(),
  permission: z.string(),
});

/** One sidebar section the user may see, with the screens of it the user may open. */
export const menuDetailSchema = z.object({
  menuParent: z.string(),
  hashCode: z.string(),
  iconActive: z.string(),
  iconInActive: z.string(),
  children: z.array(menuChildSchema),
});
export type MenuDetail = z.infer<typeof menuDetailSchema>;

export const listMenusSchema = z.object({
  menuDetails: z.array(menuDetailSchema),
  permissionCurrents: z.array(z.string()),
});
export type ListMenus = z.infer<typeof listMenusSchema>;
