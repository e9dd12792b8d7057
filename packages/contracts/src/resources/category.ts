import { z } from 'zod';
import { LOG_OBJECT, STATUS } from '../constants.ts';
import { PAGE_SIZE_MAX, pageRequestSchema } from '../schemas/common.ts';
import { optionalText, requiredText } from '../schemas/fields.ts';
import { defineResource, standardPermissions } from './define.ts';

/**
 * Categories (/system/category): the lookup hierarchy the forms read through
 * /Category/GetByParentCode. A group has no parent; its entries name it as parent group.
 */
export const categoryRecordSchema = z.object({
  id: z.uuid(),
  parentCode: z.string().nullable(),
  parentName: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  sortOrder: z.number().int(),
  colorCode: z.string().nullable(),
  status: z.number().int(),
  /** Entries of a group (0 for an entry). */
  childCount: z.number().int(),
  createdAt: z.string(),
});
export type CategoryRecord = z.infer<typeof categoryRecordSchema>;

export const categoryCodeSchema = requiredText(50).regex(/^[A-Za-z0-9_.-]+$/, { error: 'invalid' });

const categoryFields = {
  parentCode: optionalText(50),
  code: categoryCodeSchema,
  name: requiredText(255),
  sortOrder: z.number().int().min(0).max(100000).default(0),
  colorCode: optionalText(7).refine((value) => value === null || /^#[0-9A-Fa-f]{6}$/.test(value), { error: 'invalid' }),
};

export const categoryCreateSchema = z.strictObject(categoryFields);
export const categoryUpdateSchema = z.strictObject({ id: z.uuid(), ...categoryFields });
export type CategoryUpdate = z.input<typeof categoryUpdateSchema>;

export const categorySearchSchema = pageRequestSchema.extend({
  /** The entries of one group. */
  parentCode: z.string().trim().max(50).optional(),
  /** Only the groups (the choices of "parent group"). */
  groupsOnly: z.boolean().optional(),
  /** These categories only, by code: a select names the chosen ones (its value is the code). */
  codes: z.array(z.string().trim().max(50)).max(PAGE_SIZE_MAX).optional(),
  status: z.number().int().optional(),
});

export const categoryResource = defineResource({
  name: 'Category',
  record: categoryRecordSchema,
  save: categoryUpdateSchema,
  create: categoryCreateSchema,
  search: categorySearchSchema,
  paths: {
    search: '/Category/SearchCategoryPage',
    get: '/Category/GetById/:id',
    create: '/Category/Create',
    update: '/Category/Update',
    delete: '/Category/Delete/:id',
    status: '/Category/UpdateStatus',
  },
  permissions: standardPermissions('SYSTEM_CATEGORY'),
  statuses: [STATUS.active, STATUS.inactive],
  logObject: LOG_OBJECT.systemConfig,
  exportColumns: [
    { key: 'code', header: { vi: 'Mã', en: 'Code' } },
    { key: 'name', header: { vi: 'Tên', en: 'Name' }, wide: true },
    { key: 'parentCode', header: { vi: 'Nhóm cha', en: 'Parent group' } },
    { key: 'sortOrder', header: { vi: 'Thứ tự', en: 'Order' } },
    { key: 'colorCode', header: { vi: 'Mã màu', en: 'Colour code' } },
    { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
  ],
});
