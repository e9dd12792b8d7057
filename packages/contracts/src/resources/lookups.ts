import { z } from 'zod';
import { LOOKUP_GROUPS } from '../catalogue/categories.ts';
import { pageRequestSchema } from '../schemas/common.ts';

/** Lookup lists the forms read (specification, section 7). */
export const categoryCodeParamSchema = z.strictObject({ code: z.string().trim().min(1).max(50) });
export const categoryItemSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  sortOrder: z.number().int(),
  colorCode: z.string().nullable(),
});
export type CategoryItem = z.infer<typeof categoryItemSchema>;
export { LOOKUP_GROUPS };

/** Services ("channels"); forms ask for status [1] (active only). */
export const channelSearchSchema = pageRequestSchema.extend({
  status: z.array(z.number().int()).max(10).optional(),
});
export const channelItemSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  groupCode: z.string().nullable(),
  link: z.string().nullable(),
  redirectLink: z.string().nullable(),
  status: z.number().int(),
});
export type ChannelItem = z.infer<typeof channelItemSchema>;

export const activePackageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  level: z.string(),
  userBand: z.string().nullable(),
  /** The pack's term: a unit given it holds it this many months from its start (null: no end). */
  expiryMonths: z.number().int().nullable(),
});
export type ActivePackage = z.infer<typeof activePackageSchema>;
