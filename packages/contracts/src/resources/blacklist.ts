import { z } from 'zod';
import { LOG_OBJECT, STATUS } from '../constants.ts';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { emailSchema } from '../schemas/fields.ts';
import { defineResource, standardPermissions, type StandardFeature } from './define.ts';

/**
 * The three lists sign-up, account creation and e-mail changes obey (sections 2, 3 and 7):
 * blacklisted domains, blacklisted subdomains (the domain and everything under it) and the
 * exceptions (addresses allowed although their domain is listed). One shape: a value and a status.
 */
const hostnameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: 'required', abort: true })
  .max(253, { error: 'too_long' })
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, { error: 'invalid' });

export const blacklistRecordSchema = z.object({
  id: z.uuid(),
  value: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
});
export type BlacklistRecord = z.infer<typeof blacklistRecordSchema>;

/** The columns the blacklists and the exceptions sort by. */
export const BLACKLIST_SORT_FIELDS = ['value', 'createdAt'] as const;
export type BlacklistSortField = (typeof BLACKLIST_SORT_FIELDS)[number];

export const blacklistSearchSchema = pageRequestSchema.extend({ status: z.number().int().optional(), sort: sortSchema(BLACKLIST_SORT_FIELDS) });

/** What each list holds: a domain, a subdomain, or an e-mail address. */
export const BLACKLIST_KINDS = ['domain', 'subdomain', 'exception'] as const;
export type BlacklistKind = (typeof BLACKLIST_KINDS)[number];

function blacklistResource(name: string, kind: BlacklistKind, feature: StandardFeature, value: z.ZodType<string, string>, header: { vi: string; en: string }) {
  const save = z.strictObject({ id: z.uuid().nullish(), value });
  return Object.assign(
    defineResource({
      name,
      record: blacklistRecordSchema,
      save,
      search: blacklistSearchSchema,
      paths: {
        search: `/${name}/Search`,
        get: `/${name}/GetById/:id`,
        save: `/${name}/AddUpdate`,
        delete: `/${name}/Delete/:id`,
        status: `/${name}/UpdateStatus`,
      },
      permissions: standardPermissions(feature),
      statuses: [STATUS.active, STATUS.inactive],
      logObject: LOG_OBJECT.blacklist,
      exportColumns: [
        { key: 'value', header, wide: true },
        { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
        { key: 'createdAt', header: { vi: 'Ngày tạo', en: 'Created' }, format: 'date' },
      ],
    }),
    { kind },
  );
}

export const blacklistDomainResource = blacklistResource('BlackList', 'domain', 'SYSTEM_BLACKLIST', hostnameSchema, { vi: 'Tên miền', en: 'Domain name' });
export const blacklistSubdomainResource = blacklistResource('BlackListSubdomain', 'subdomain', 'SYSTEM_SUBDOMAINBLACKLIST', hostnameSchema, {
  vi: 'Tên miền con',
  en: 'Subdomain name',
});
export const blacklistExceptionResource = blacklistResource(
  'ExceptionBlackList',
  'exception',
  'SYSTEM_BLACKLISTEXCEPTION',
  emailSchema.toLowerCase() as z.ZodType<string, string>,
  { vi: 'Tài khoản được phép', en: 'Allowed account' },
);
export const BLACKLIST_RESOURCES = [blacklistDomainResource, blacklistSubdomainResource, blacklistExceptionResource] as const;
export type BlacklistResource = (typeof BLACKLIST_RESOURCES)[number];
export type BlacklistSave = z.input<BlacklistResource['save']>;
