import { z } from 'zod';
import { requiredText } from './fields.ts';

/** The image types templates may hold (checked by their first bytes, not their name). */
export const TEMPLATE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type TemplateImageType = (typeof TEMPLATE_IMAGE_TYPES)[number];
/** The largest image a template may hold. */
export const TEMPLATE_IMAGE_MAX_BYTES = 512 * 1024;
/** Where images are served, under the base path: `${BASE_PATH}${TEMPLATE_IMAGE_PATH}/<id>`. */
export const TEMPLATE_IMAGE_PATH = '/template-images';

/** An upload: the file's name and its bytes in base64. */
export const templateImageUploadSchema = z.strictObject({
  name: requiredText(255),
  data: z
    .string()
    .min(1, { error: 'required' })
    .max(Math.ceil(TEMPLATE_IMAGE_MAX_BYTES / 3) * 4, { error: 'file_too_large' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'invalid' }),
});

export const templateImageSchema = z.object({
  id: z.uuid(),
  /** The absolute address mail clients load it from. */
  url: z.string(),
  contentType: z.enum(TEMPLATE_IMAGE_TYPES),
  size: z.number().int(),
});
export type TemplateImage = z.infer<typeof templateImageSchema>;
