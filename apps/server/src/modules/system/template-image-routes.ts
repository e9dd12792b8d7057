import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BASE_PATH, LOG_ACTION, LOG_OBJECT, TEMPLATE_IMAGE_MAX_BYTES, TEMPLATE_IMAGE_PATH, type TemplateImageType, EMAIL_TEMPLATE_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { auditedChange } from '../../platform/audit.ts';
import { registerCall } from '../../platform/call.ts';
import { AppError } from '../../platform/errors.ts';
import { findTemplateImage, saveTemplateImage } from './template-image-store.ts';

/** The image type a file's first bytes say it is (its name and the type it was sent with are not believed). */
export function sniffImageType(bytes: Buffer): TemplateImageType | undefined {
  const starts = (signature: number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

const refused = (message: string) => new AppError('request.bad_request', { errors: [{ field: 'body.data', message }] });

/**
 * Template images: uploaded by those who edit e-mail templates (listed types only, checked by
 * content, size-limited), kept in the database with the rest of the data, and served under the
 * base path to anyone (mail clients fetch them without signing in; ids are random).
 */
export function registerTemplateImageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const audit = { object: LOG_OBJECT.emailTemplate, action: LOG_ACTION.add };

  registerCall(app, EMAIL_TEMPLATE_CALLS.uploadImage, { audit, bodyLimit: Math.ceil(TEMPLATE_IMAGE_MAX_BYTES / 3) * 4 + 64 * 1024 }, async (request) => {
    const bytes = Buffer.from(request.body.data, 'base64');
    if (bytes.length > TEMPLATE_IMAGE_MAX_BYTES) throw refused('file_too_large');
    const contentType = sniffImageType(bytes);
    if (!contentType) throw refused('image_type_invalid');
    const imageId = await auditedChange(ctx.db, request, audit, async (tx, note) => {
      const id = await saveTemplateImage(tx, { name: request.body.name, contentType, bytes });
      note({ objectId: id, objectName: request.body.name, unitId: null, content: JSON.stringify({ name: request.body.name, contentType, size: bytes.length }) });
      return id;
    });
    return { id: imageId, url: `${ctx.config.publicUrl}${BASE_PATH}${TEMPLATE_IMAGE_PATH}/${imageId}`, contentType, size: bytes.length };
  });

  app.withTypeProvider<ZodTypeProvider>().get(`${BASE_PATH}${TEMPLATE_IMAGE_PATH}/:id`, { schema: { hide: true, params: z.object({ id: z.string() }) } }, async (request, reply) => {
    const image = await findTemplateImage(ctx.db, request.params.id);
    if (!image) return reply.status(404).send();
    // The content never changes under its id; nosniff keeps a browser from reading it as anything but the image it is.
    // Mail is read on other sites (webmail): the image may be embedded there, unlike the portal's other answers.
    return reply
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-type', image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(image.bytes);
  });
}
