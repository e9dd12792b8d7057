import { z } from 'zod';

/**
 * An app the user may open (section 3, default-redirect item): the portal itself or a
 * service of the unit's packs; `channelPackageStatus` 1 means its pack is active.
 */
export const baseAppSchema = z.object({
  baseAppCode: z.string(),
  title: z.string(),
  channelPackageStatus: z.number().int(),
  /** Where the app opens; null when the service has no link yet. */
  link: z.string().nullable(),
});
export type BaseApp = z.infer<typeof baseAppSchema>;

export const baseAppListSchema = z.array(baseAppSchema);

export const updateDefaultLoginSchema = z.strictObject({
  channelCode: z.string().trim().min(1).max(50),
  userId: z.uuid(),
});
export type UpdateDefaultLogin = z.infer<typeof updateDefaultLoginSchema>;
