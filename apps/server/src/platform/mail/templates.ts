import { and, eq } from 'drizzle-orm';
import { STATUS, type EmailTemplateType, type Language } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { emailTemplates } from '../../db/schema/index.ts';
import { DEFAULT_EMAIL_TEMPLATES } from './default-templates.ts';

/**
 * The template a mail of `type` is rendered from: the active one of its type and language
 * (System → e-mail templates), or the built-in default when there is none. Read at every
 * mail, so an edit applies to the next one on every instance.
 */
export async function templateFor(db: Queryable, type: EmailTemplateType, language: Language): Promise<{ subject: string; content: string }> {
  const [row] = await db
    .select({ subject: emailTemplates.subject, content: emailTemplates.content })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.systemType, type), eq(emailTemplates.language, language), eq(emailTemplates.status, STATUS.active)));
  return row ?? DEFAULT_EMAIL_TEMPLATES[type][language];
}
