import { z } from 'zod';
import { LOOKUP_GROUPS } from '../catalogue/categories.ts';
import { PAGE_SIZE_MAX, pageRequestSchema } from '../schemas/common.ts';

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

/**
 * A page of one category list's entries, searched by a keyword in the name or code, or the
 * entries of some codes (to name a form's chosen ones): the forms' remote selects, for every
 * signed-in user as GetByParentCode (which answers the whole list, as the specification has it).
 */
export const categoryOptionSearchSchema = pageRequestSchema.extend({ codes: z.array(z.string().trim().max(50)).max(PAGE_SIZE_MAX).optional() });

/** A page of the packs on offer, searched by name, or the packs of some ids (GetAllActive answers them all). */
export const activePackageSearchSchema = pageRequestSchema.extend({ ids: z.array(z.uuid()).max(PAGE_SIZE_MAX).optional() });
