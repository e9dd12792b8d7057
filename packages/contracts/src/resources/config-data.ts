import { z } from 'zod';
import { SETTING_VALUE_TYPES, settingValueProblem } from '../catalogue/settings.ts';
import { LOG_OBJECT } from '../constants.ts';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { optionalText, requiredText } from '../schemas/fields.ts';
import { defineResource, standardPermissions } from './define.ts';

/**
 * System configuration (/system/config-data-manage): typed key/value settings, and the
 * defaults the "sync list" restores them from. Both lists share one shape and one set of calls.
 */
export const configRecordSchema = z.object({
  id: z.uuid(),
  key: z.string(),
  value: z.string(),
  valueType: z.enum(SETTING_VALUE_TYPES),
  description: z.string().nullable(),
  /** A setting the portal itself reads: its key cannot be renamed or deleted. */
  isSystem: z.boolean(),
  updatedAt: z.string(),
});
export type ConfigRecord = z.infer<typeof configRecordSchema>;

const configFields = {
  key: requiredText(100).regex(/^[A-Za-z][A-Za-z0-9_.]*$/, { error: 'invalid' }),
  value: z.string().trim().max(2000, { error: 'too_long' }),
  valueType: z.enum(SETTING_VALUE_TYPES),
  description: optionalText(500),
};

/** The value must fit the type (and the bounds of the portal's own settings). */
function valueFitsType<T extends z.ZodObject>(schema: T) {
  return schema.superRefine((input, context) => {
    const { key, valueType, value } = input as { key: string; valueType: (typeof SETTING_VALUE_TYPES)[number]; value: string };
    const problem = settingValueProblem(key, valueType, value);
    if (problem) context.addIssue({ code: 'custom', path: ['value'], message: problem });
  });
}

export const configCreateSchema = valueFitsType(z.strictObject(configFields));
export const configUpdateSchema = valueFitsType(z.strictObject({ id: z.uuid(), ...configFields }));
export type ConfigUpdate = z.input<typeof configUpdateSchema>;

/** The columns a list of settings can be sorted by (a few hundred rows at most: no index needed). */
export const CONFIG_SORT_FIELDS = ['key', 'valueType', 'updatedAt'] as const;
export type ConfigSortField = (typeof CONFIG_SORT_FIELDS)[number];

export const configSearchSchema = pageRequestSchema.extend({ valueType: z.enum(SETTING_VALUE_TYPES).optional(), sort: sortSchema(CONFIG_SORT_FIELDS) });

const exportColumns = [
  { key: 'key', header: { vi: 'Khóa', en: 'Key' }, wide: true },
  { key: 'value', header: { vi: 'Giá trị', en: 'Value' }, wide: true },
  { key: 'valueType', header: { vi: 'Kiểu', en: 'Type' } },
  { key: 'description', header: { vi: 'Mô tả', en: 'Description' }, wide: true },
  { key: 'updatedAt', header: { vi: 'Cập nhật', en: 'Updated' }, format: 'datetime' },
] as const;

function configResource(name: 'ConfigData' | 'ConfigDataDefault') {
  return defineResource({
    name,
    record: configRecordSchema,
    save: configUpdateSchema,
    create: configCreateSchema,
    search: configSearchSchema,
    paths: {
      search: `/${name}/GetAll`,
      get: `/${name}/GetById/:id`,
      create: `/${name}/Create`,
      update: `/${name}/Update`,
      delete: `/${name}/Delete/:id`,
    },
    permissions: standardPermissions('SYSTEM_CONFIG'),
    statuses: [],
    logObject: LOG_OBJECT.systemConfig,
    exportColumns,
  });
}

export const configDataResource = configResource('ConfigData');
export const configDataDefaultResource = configResource('ConfigDataDefault');
export type ConfigResource = typeof configDataResource;

/** What the sync list did: settings restored to their default, and settings added from one. */
export const configSyncResultSchema = z.object({ restored: z.number().int(), added: z.number().int() });
export type ConfigSyncResult = z.infer<typeof configSyncResultSchema>;
