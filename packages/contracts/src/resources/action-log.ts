import { z } from 'zod';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { isoDateSchema } from '../schemas/fields.ts';
import { defineResource } from './define.ts';

export const actionLogRecordSchema = z.object({
  id: z.uuid(),
  objectCategory: z.number().int(),
  action: z.number().int(),
  result: z.number().int(),
  username: z.string(),
  unitId: z.uuid().nullable(),
  unitName: z.string().nullable(),
  objectId: z.string().nullable(),
  objectName: z.string().nullable(),
  content: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type ActionLogRecord = z.infer<typeof actionLogRecordSchema>;

/** The columns the action log can be sorted by (each has its indexes: the log grows to millions). */
export const ACTION_LOG_SORT_FIELDS = ['createdAt', 'username'] as const;
export type ActionLogSortField = (typeof ACTION_LOG_SORT_FIELDS)[number];

export const actionLogSearchSchema = pageRequestSchema
  .extend({
    /** The module (object category) of section 3. */
    objectCategory: z.number().int().optional(),
    action: z.number().int().optional(),
    result: z.number().int().optional(),
    unitId: z.uuid().optional(),
    fromDate: isoDateSchema.optional(),
    toDate: isoDateSchema.optional(),
    sort: sortSchema(ACTION_LOG_SORT_FIELDS),
  })
  .refine((value) => !value.fromDate || !value.toDate || value.fromDate <= value.toDate, { path: ['toDate'], error: 'date_range' });

/** The action log is read-only: search (with export) and view. */
export const actionLogResource = defineResource({
  name: 'ActionLog',
  record: actionLogRecordSchema,
  save: z.strictObject({}),
  search: actionLogSearchSchema,
  paths: { search: '/ActionLog/SearchActionLog', get: '/ActionLog/GetById/:id' },
  permissions: { search: 'LOG_ACTION_LIST', get: 'LOG_ACTION_VIEW' },
  statuses: [],
  exportColumns: [
    { key: 'createdAt', header: { vi: 'Thời gian', en: 'Date' }, format: 'datetime' },
    { key: 'username', header: { vi: 'Người thực hiện', en: 'User' } },
    { key: 'unitName', header: { vi: 'Doanh nghiệp', en: 'Business' }, wide: true },
    { key: 'objectName', header: { vi: 'Đối tượng', en: 'Object' }, wide: true },
    { key: 'content', header: { vi: 'Nội dung', en: 'Content' }, wide: true },
  ],
});
