import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { TemplateImageType } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { templateImages } from '../../db/schema/index.ts';

/** Keeps an uploaded image (already checked by its content); its id is its address. */
export async function saveTemplateImage(db: Queryable, image: { name: string; contentType: TemplateImageType; bytes: Buffer }): Promise<string> {
  const [row] = await db.insert(templateImages).values({ ...image, size: image.bytes.length }).returning({ id: templateImages.id });
  return row!.id;
}

/** The image under an id from a URL; undefined for anything that is not one's id. */
export async function findTemplateImage(db: Queryable, id: string) {
  const uuid = z.uuid().safeParse(id);
  if (!uuid.success) return undefined;
  const [image] = await db.select().from(templateImages).where(eq(templateImages.id, uuid.data));
  return image;
}
