import { z } from 'zod';
import { LOG_OBJECT, STATUS } from '../constants.ts';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { optionalText, requiredText, urlSchema } from '../schemas/fields.ts';
import { defineResource, standardPermissions } from './define.ts';

/**
 * Services of the suite (/service/service-manage; the specification's "channels"). A service
 * with a redirect link is an OIDC client of the portal: its client id is its code, and once a
 * secret has been rotated it is a confidential client (client_secret_basic).
 */
export const serviceRecordSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  groupCode: z.string().nullable(),
  link: z.string().nullable(),
  syncName: z.string().nullable(),
  syncId: z.string().nullable(),
  idMapping: z.string().nullable(),
  redirectLink: z.string().nullable(),
  isDefaultRedirect: z.boolean(),
  allowTrial: z.boolean(),
  hidePrice: z.boolean(),
  keepResourceDays: z.number().int().nullable(),
  sendMailTo: z.enum(['admin', 'user']).nullable(),
  isDefault: z.boolean(),
  sortOrder: z.number().int(),
  status: z.number().int(),
  /** The OIDC client id (the code) when the service has a redirect link. */
  clientId: z.string().nullable(),
  /** Whether a client secret exists (its value is shown once, when rotated). */
  hasClientSecret: z.boolean(),
  clientSecretRotatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ServiceRecord = z.infer<typeof serviceRecordSchema>;

/** An http(s) link, or empty (null). */
const optionalUrl = z.union([z.literal('').transform(() => null), urlSchema]).nullish().transform((value) => value ?? null);

const serviceFields = {
  name: requiredText(255),
  code: requiredText(50).regex(/^[A-Za-z0-9_.-]+$/, { error: 'invalid' }),
  groupCode: optionalText(50),
  link: optionalUrl,
  syncName: optionalText(255),
  syncId: optionalText(255),
  idMapping: optionalText(255),
  redirectLink: optionalUrl,
  isDefaultRedirect: z.boolean().default(false),
  allowTrial: z.boolean().default(false),
  hidePrice: z.boolean().default(false),
  keepResourceDays: z.number().int().min(0).max(3650).nullable().default(null),
  sendMailTo: z.enum(['admin', 'user']).nullable().default(null),
  isDefault: z.boolean().default(false),
  sortOrder: z.number().int().min(0).max(100000).default(0),
};

export const serviceCreateSchema = z.strictObject(serviceFields);
export const serviceUpdateSchema = z.strictObject({ id: z.uuid(), ...serviceFields });
export type ServiceCreate = z.input<typeof serviceCreateSchema>;
export type ServiceUpdate = z.input<typeof serviceUpdateSchema>;

/** The columns the services sort by. */
export const SERVICE_SORT_FIELDS = ['name', 'code', 'createdAt', 'status'] as const;
export type ServiceSortField = (typeof SERVICE_SORT_FIELDS)[number];

export const serviceSearchSchema = pageRequestSchema.extend({
  status: z.number().int().optional(),
  groupCode: z.string().trim().max(50).optional(),
  sort: sortSchema(SERVICE_SORT_FIELDS),
});

export const serviceResource = defineResource({
  name: 'Channel',
  record: serviceRecordSchema,
  save: serviceUpdateSchema,
  create: serviceCreateSchema,
  search: serviceSearchSchema,
  paths: {
    // /Channel/SearchChannelPage is the lookup every form reads (active services for all).
    search: '/Channel/Search',
    get: '/Channel/GetById/:id',
    create: '/Channel/CreateChannel',
    update: '/Channel/UpdateChannel',
    delete: '/Channel/DeleteChannel',
    status: '/Channel/UpdateStatus',
  },
  permissions: standardPermissions('SERVICE_MANAGER'),
  statuses: [STATUS.active, STATUS.inactive],
  logObject: LOG_OBJECT.service,
  createAnswersRecord: true,
  exportColumns: [
    { key: 'code', header: { vi: 'Mã dịch vụ', en: 'Code' } },
    { key: 'name', header: { vi: 'Tên dịch vụ', en: 'Name' }, wide: true },
    { key: 'groupCode', header: { vi: 'Mã nhóm dịch vụ', en: 'Service group code' } },
    { key: 'link', header: { vi: 'Đường dẫn', en: 'Link' }, wide: true },
    { key: 'redirectLink', header: { vi: 'Đường dẫn chuyển hướng', en: 'Redirect link' }, wide: true },
    { key: 'allowTrial', header: { vi: 'Cho phép dùng thử', en: 'Allow trial' }, format: 'boolean' },
    { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
  ],
});

/** The new client secret of a service, shown once. */
export const serviceSecretSchema = z.object({ clientId: z.string(), clientSecret: z.string() });
export type ServiceSecret = z.infer<typeof serviceSecretSchema>;
export const serviceSecretRequestSchema = z.strictObject({ id: z.uuid() });
