import { z } from 'zod';
import { LOG_OBJECT, STATUS } from '../constants.ts';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { optionalText, requiredText } from '../schemas/fields.ts';
import { defineResource } from './define.ts';

/**
 * Business-information templates (/enterprise/template, /api/TemplateClone): the starting
 * data a service offers new units (business types, catalogues, pipelines …, as the service's
 * app reads them). One per service is the default; "sync" pushes a template into a unit's app.
 */
export const businessTemplateRecordSchema = z.object({
  id: z.uuid(),
  serviceId: z.uuid(),
  serviceName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** What the app receives, as the service's app defines it (JSON or text). */
  content: z.string(),
  isDefault: z.boolean(),
  status: z.number().int(),
  updatedAt: z.string(),
});
export type BusinessTemplateRecord = z.infer<typeof businessTemplateRecordSchema>;

export const businessTemplateSaveSchema = z.strictObject({
  id: z.uuid().nullish(),
  serviceId: z.uuid({ error: 'required' }),
  name: requiredText(255),
  description: optionalText(1000),
  content: requiredText(200_000),
  /** Saving one as the default makes it the service's only default ("change default"). */
  isDefault: z.boolean().default(false),
});
export type BusinessTemplateSave = z.input<typeof businessTemplateSaveSchema>;

/** The columns business templates sort by. */
export const BUSINESS_TEMPLATE_SORT_FIELDS = ['name', 'serviceName', 'updatedAt', 'status'] as const;
export type BusinessTemplateSortField = (typeof BUSINESS_TEMPLATE_SORT_FIELDS)[number];

export const businessTemplateSearchSchema = pageRequestSchema.extend({
  serviceId: z.uuid().optional(),
  status: z.number().int().optional(),
  sort: sortSchema(BUSINESS_TEMPLATE_SORT_FIELDS),
});

export const businessTemplateResource = defineResource({
  name: 'TemplateClone',
  record: businessTemplateRecordSchema,
  save: businessTemplateSaveSchema,
  search: businessTemplateSearchSchema,
  paths: {
    search: '/TemplateClone/Search',
    get: '/TemplateClone/GetById/:id',
    save: '/TemplateClone/Update',
    delete: '/TemplateClone/Delete/:id',
    status: '/TemplateClone/UpdateStatus',
  },
  permissions: {
    search: 'UNIT_TEMPLATE_LIST',
    get: 'UNIT_TEMPLATE_LIST',
    create: 'UNIT_TEMPLATE_UPDATE',
    update: 'UNIT_TEMPLATE_UPDATE',
    delete: 'UNIT_TEMPLATE_UPDATE',
    status: 'UNIT_TEMPLATE_UPDATE',
  },
  statuses: [STATUS.active, STATUS.inactive],
  logObject: LOG_OBJECT.unit,
  exportColumns: [
    { key: 'serviceName', header: { vi: 'Dịch vụ', en: 'Service' } },
    { key: 'name', header: { vi: 'Tên mẫu', en: 'Template name' }, wide: true },
    { key: 'isDefault', header: { vi: 'Mặc định', en: 'Default' } },
    { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
    { key: 'updatedAt', header: { vi: 'Cập nhật', en: 'Updated' }, format: 'datetime' },
  ],
});

/** TemplateClone/SyncBaseApp/{id}: the template pushed into one unit's app of its service. */
export const templateSyncSchema = z.strictObject({ unitId: z.uuid() });
