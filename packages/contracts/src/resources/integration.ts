import { z } from 'zod';
import { LOG_OBJECT } from '../constants.ts';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { optionalText } from '../schemas/fields.ts';
import { defineResource, standardPermissions } from './define.ts';

/**
 * Integrations (/system/integrate, /system/integrate-default): how the portal reaches a
 * service's app — SCIM endpoint, bearer credential, back-channel logout URI, enabled. A
 * default (no unit) is what every unit uses until it has its own; "initialise defaults"
 * copies the defaults into a unit. The credential is write-only: records say only
 * `hasCredential`; an update without `credential` (or with null) keeps the stored one.
 */
export const integrationRecordSchema = z.object({
  id: z.uuid(),
  serviceId: z.uuid(),
  serviceName: z.string(),
  unitId: z.uuid().nullable(),
  unitName: z.string().nullable(),
  scimEndpoint: z.string().nullable(),
  backchannelLogoutUri: z.string().nullable(),
  enabled: z.boolean(),
  hasCredential: z.boolean(),
  updatedAt: z.string(),
});
export type IntegrationRecord = z.infer<typeof integrationRecordSchema>;

const httpUrl = optionalText(1000).refine((value) => value == null || /^https?:\/\/[^\s]+$/i.test(value), { error: 'invalid' });

const integrationFields = {
  serviceId: z.uuid(),
  scimEndpoint: httpUrl,
  backchannelLogoutUri: httpUrl,
  enabled: z.boolean().default(true),
  /** A new credential replaces the stored one; absent or null keeps it. */
  credential: z.string().trim().min(1, { error: 'required' }).max(2000, { error: 'too_long' }).nullish(),
  /** Forget the stored credential (the app then refuses deliveries until a new one is set). */
  clearCredential: z.boolean().optional(),
};
const unitField = { unitId: z.uuid() };

/** The columns integrations sort by (the defaults have no business). */
export const INTEGRATION_SORT_FIELDS = ['serviceName', 'unitName', 'updatedAt'] as const;
export type IntegrationSortField = (typeof INTEGRATION_SORT_FIELDS)[number];
export const DEFAULT_INTEGRATION_SORT_FIELDS = ['serviceName', 'updatedAt'] as const;

export const integrationSearchSchema = pageRequestSchema.extend({ serviceId: z.uuid().optional(), unitId: z.uuid().optional(), sort: sortSchema(INTEGRATION_SORT_FIELDS) });

const exportColumns = [
  { key: 'serviceName', header: { vi: 'Dịch vụ', en: 'Service' }, wide: true },
  { key: 'unitName', header: { vi: 'Doanh nghiệp', en: 'Business' }, wide: true },
  { key: 'scimEndpoint', header: { vi: 'Địa chỉ SCIM', en: 'SCIM endpoint' }, wide: true },
  { key: 'backchannelLogoutUri', header: { vi: 'Địa chỉ đăng xuất', en: 'Back-channel logout URI' }, wide: true },
  { key: 'enabled', header: { vi: 'Bật', en: 'Enabled' } },
  { key: 'hasCredential', header: { vi: 'Có khóa truy cập', en: 'Has credential' } },
  { key: 'updatedAt', header: { vi: 'Cập nhật', en: 'Updated' }, format: 'datetime' },
] as const;

/** A unit's own integrations (platform staff only: units never see the apps' credentials or endpoints). */
export const integrateResource = defineResource({
  name: 'Integrate',
  record: integrationRecordSchema,
  save: z.strictObject({ id: z.uuid(), ...unitField, ...integrationFields }),
  create: z.strictObject({ ...unitField, ...integrationFields }),
  search: integrationSearchSchema,
  paths: {
    search: '/Integrate/GetAll',
    get: '/Integrate/GetById/:id',
    create: '/Integrate/Create',
    update: '/Integrate/Update',
    delete: '/Integrate/Delete/:id',
  },
  permissions: standardPermissions('SYSTEM_INTEGRATE'),
  statuses: [],
  logObject: LOG_OBJECT.systemConfig,
  exportColumns,
});

/** The platform defaults, one per service. */
export const integrateDefaultResource = defineResource({
  name: 'IntegrateDefault',
  record: integrationRecordSchema,
  save: z.strictObject({ id: z.uuid(), ...integrationFields }),
  create: z.strictObject(integrationFields),
  search: integrationSearchSchema.omit({ unitId: true }).extend({ sort: sortSchema(DEFAULT_INTEGRATION_SORT_FIELDS) }),
  paths: {
    search: '/IntegrateDefault/GetAll',
    get: '/IntegrateDefault/GetById/:id',
    create: '/IntegrateDefault/Create',
    update: '/IntegrateDefault/Update',
    delete: '/IntegrateDefault/Delete/:id',
  },
  permissions: standardPermissions('SYSTEM_INTEGRATEDEFAULT'),
  statuses: [],
  logObject: LOG_OBJECT.systemConfig,
  exportColumns,
});

export type IntegrateResource = typeof integrateResource;
export type IntegrateDefaultResource = typeof integrateDefaultResource;

/** Initialise defaults: the unit gets its own copy of every default it lacks. */
export const integrationInitSchema = z.strictObject({ unitId: z.uuid() });
export const integrationInitResultSchema = z.object({ created: z.number().int() });
