import { z } from 'zod';
import { EMAIL_TEMPLATE_TYPE_NAMES, EMAIL_TEMPLATE_TYPES, isBalancedMarkup, unknownVariables } from '../catalogue/mail-types.ts';
import { LANGUAGES, LOG_OBJECT, STATUS } from '../constants.ts';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { requiredText } from '../schemas/fields.ts';
import { defineResource, standardPermissions } from './define.ts';

/**
 * E-mail templates (/system/template-email): one per system type and language renders that
 * mail; templates without a type are content to start campaigns from. Content is HTML,
 * sanitised on save and on render.
 */
export const emailTemplateRecordSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  systemType: z.enum(EMAIL_TEMPLATE_TYPE_NAMES).nullable(),
  language: z.enum(LANGUAGES),
  subject: z.string(),
  content: z.string(),
  status: z.number().int(),
  updatedAt: z.string(),
});
export type EmailTemplateRecord = z.infer<typeof emailTemplateRecordSchema>;

const templateFields = {
  name: requiredText(255),
  systemType: z.enum(EMAIL_TEMPLATE_TYPE_NAMES).nullish().transform((value) => value ?? null),
  language: z.enum(LANGUAGES),
  subject: requiredText(255),
  content: requiredText(200_000),
};

/** Only the variables the type offers (none without a type), and markup whose elements close. */
export function templateIssues(input: { systemType: string | null; subject: string; content: string }): { path: 'subject' | 'content'; message: 'template_variable_unknown' | 'markup_unbalanced' }[] {
  const allowed: readonly string[] = input.systemType ? EMAIL_TEMPLATE_TYPES[input.systemType as keyof typeof EMAIL_TEMPLATE_TYPES].variables : [];
  const issues: ReturnType<typeof templateIssues> = [];
  if (unknownVariables(input.subject, allowed).length) issues.push({ path: 'subject', message: 'template_variable_unknown' });
  if (unknownVariables(input.content, allowed).length) issues.push({ path: 'content', message: 'template_variable_unknown' });
  if (!isBalancedMarkup(input.content)) issues.push({ path: 'content', message: 'markup_unbalanced' });
  return issues;
}

export const emailTemplateSaveSchema = z.strictObject({ id: z.uuid().nullish(), ...templateFields }).superRefine((input, context) => {
  for (const issue of templateIssues(input)) context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});
export type EmailTemplateSave = z.input<typeof emailTemplateSaveSchema>;

export const EMAIL_TEMPLATE_SORT_FIELDS = ['name', 'systemType', 'updatedAt', 'status'] as const;
export type EmailTemplateSortField = (typeof EMAIL_TEMPLATE_SORT_FIELDS)[number];

export const emailTemplateSearchSchema = pageRequestSchema.extend({
  systemType: z.enum(EMAIL_TEMPLATE_TYPE_NAMES).optional(),
  language: z.enum(LANGUAGES).optional(),
  status: z.number().int().optional(),
  sort: sortSchema(EMAIL_TEMPLATE_SORT_FIELDS),
});

export const emailTemplateResource = defineResource({
  name: 'EmailTemplate',
  record: emailTemplateRecordSchema,
  save: emailTemplateSaveSchema,
  search: emailTemplateSearchSchema,
  paths: {
    search: '/EmailTemplate/Search',
    get: '/EmailTemplate/GetById/:id',
    save: '/EmailTemplate/AddUpdate',
    delete: '/EmailTemplate/Delete/:id',
    status: '/EmailTemplate/UpdateStatus',
  },
  permissions: standardPermissions('SYSTEM_EMAILTEMPLATE'),
  statuses: [STATUS.active, STATUS.inactive],
  logObject: LOG_OBJECT.emailTemplate,
  exportColumns: [
    { key: 'name', header: { vi: 'Tên mẫu', en: 'Template name' }, wide: true },
    { key: 'systemType', header: { vi: 'Loại mẫu hệ thống', en: 'System template type' } },
    { key: 'language', header: { vi: 'Ngôn ngữ', en: 'Language' } },
    { key: 'subject', header: { vi: 'Tiêu đề', en: 'Subject' }, wide: true },
    { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
    { key: 'updatedAt', header: { vi: 'Cập nhật', en: 'Updated' }, format: 'datetime' },
  ],
});

/** A system type, with the variables its templates may use and sample values for the preview. */
export const emailTemplateTypeSchema = z.object({
  type: z.enum(EMAIL_TEMPLATE_TYPE_NAMES),
  name: z.string(),
  variables: z.array(z.string()),
  sample: z.record(z.string(), z.string()),
});
export type EmailTemplateTypeInfo = z.infer<typeof emailTemplateTypeSchema>;
export const emailTemplateTypeParamSchema = z.strictObject({ type: z.enum(EMAIL_TEMPLATE_TYPE_NAMES) });

/** The preview: the template as a recipient would get it, with the type's sample values. */
export const emailPreviewRequestSchema = z.strictObject({
  systemType: templateFields.systemType,
  language: z.enum(LANGUAGES),
  subject: z.string().max(255),
  content: z.string().max(200_000),
});
export const emailPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;
