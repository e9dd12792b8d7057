import { z } from 'zod';
import { unknownVariables } from '../catalogue/mail-types.ts';
import { LOG_OBJECT, STATUS } from '../constants.ts';
import { pageRequestSchema, sortSchema } from '../schemas/common.ts';
import { requiredText } from '../schemas/fields.ts';
import { defineResource, standardPermissions } from './define.ts';

/** What an SMS is for: customer care (transactional) or advertising, as SMS gateways class brand-name messages. */
export const SMS_TYPES = ['CUSTOMER_CARE', 'ADVERTISING'] as const;

/** The messages the portal can send by SMS, with the variables each offers. */
export const SMS_SYSTEM_TYPES = {
  verificationCode: { variables: ['code', 'minutes'] },
  newPassword: { variables: ['username', 'password'] },
  accountLocked: { variables: ['username', 'minutes'] },
} as const;
export type SmsSystemType = keyof typeof SMS_SYSTEM_TYPES;
export const SMS_SYSTEM_TYPE_NAMES = Object.keys(SMS_SYSTEM_TYPES) as [SmsSystemType, ...SmsSystemType[]];

/** A receiving number: digits, an optional leading +, 9 to 15 digits (E.164 allows 15). */
export const SMS_PHONE_PATTERN = /^\+?\d{9,15}$/;
/** The longest message the portal sends, in segments (concatenated SMS). */
export const SMS_MAX_SEGMENTS = 6;

// The GSM 03.38 default alphabet, and its extension table (each extension character takes two septets).
const GSM7_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

export interface SmsLength {
  encoding: 'GSM7' | 'UCS2';
  /** Units of the encoding: septets for GSM-7, UTF-16 code units for UCS-2. */
  units: number;
  segments: number;
}

/**
 * How a text travels as SMS: GSM-7 when every character is in its alphabet (160 septets, or 153
 * a segment once split), else UCS-2 (70 UTF-16 units, or 67 a segment) — one Vietnamese letter
 * with its diacritic makes the whole message UCS-2.
 */
export function smsLength(text: string): SmsLength {
  let septets = 0;
  for (const char of text) {
    if (GSM7_BASIC.includes(char)) septets += 1;
    else if (GSM7_EXTENDED.includes(char)) septets += 2;
    else return { encoding: 'UCS2', units: text.length, segments: text.length <= 70 ? 1 : Math.ceil(text.length / 67) };
  }
  return { encoding: 'GSM7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}

export const smsTemplateRecordSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  content: z.string(),
  type: z.enum(SMS_TYPES),
  systemType: z.enum(SMS_SYSTEM_TYPE_NAMES).nullable(),
  status: z.number().int(),
  updatedAt: z.string(),
});
export type SmsTemplateRecord = z.infer<typeof smsTemplateRecordSchema>;

export const smsTemplateSaveSchema = z
  .strictObject({
    id: z.uuid().nullish(),
    name: requiredText(255),
    content: requiredText(1000),
    type: z.enum(SMS_TYPES),
    systemType: z.enum(SMS_SYSTEM_TYPE_NAMES).nullish().transform((value) => value ?? null),
  })
  .superRefine((input, context) => {
    const allowed: readonly string[] = input.systemType ? SMS_SYSTEM_TYPES[input.systemType].variables : [];
    if (unknownVariables(input.content, allowed).length) context.addIssue({ code: 'custom', path: ['content'], message: 'template_variable_unknown' });
    else if (smsLength(input.content).segments > SMS_MAX_SEGMENTS) context.addIssue({ code: 'custom', path: ['content'], message: 'sms_too_long' });
  });
export type SmsTemplateSave = z.input<typeof smsTemplateSaveSchema>;

/** The columns SMS templates sort by. */
export const SMS_TEMPLATE_SORT_FIELDS = ['name', 'type', 'updatedAt', 'status'] as const;
export type SmsTemplateSortField = (typeof SMS_TEMPLATE_SORT_FIELDS)[number];

export const smsTemplateSearchSchema = pageRequestSchema.extend({
  type: z.enum(SMS_TYPES).optional(),
  status: z.number().int().optional(),
  sort: sortSchema(SMS_TEMPLATE_SORT_FIELDS),
});

export const smsTemplateResource = defineResource({
  name: 'TemplateSms',
  record: smsTemplateRecordSchema,
  save: smsTemplateSaveSchema,
  search: smsTemplateSearchSchema,
  paths: {
    search: '/TemplateSms/Search',
    get: '/TemplateSms/GetById/:id',
    save: '/TemplateSms/AddUpdate',
    delete: '/TemplateSms/Delete/:id',
    status: '/TemplateSms/UpdateStatus',
  },
  permissions: standardPermissions('SYSTEM_SMSTEMPLATE'),
  statuses: [STATUS.active, STATUS.inactive],
  logObject: LOG_OBJECT.smsTemplate,
  exportColumns: [
    { key: 'name', header: { vi: 'Tên mẫu', en: 'Template name' }, wide: true },
    { key: 'type', header: { vi: 'Loại', en: 'Type' } },
    { key: 'systemType', header: { vi: 'Loại hệ thống', en: 'System type' } },
    { key: 'content', header: { vi: 'Nội dung', en: 'Content' }, wide: true },
    { key: 'status', header: { vi: 'Trạng thái', en: 'Status' }, format: 'status' },
  ],
});

/** A test message of a template to one number, with the type's variables filled with sample values. */
export const smsSendTestSchema = z.strictObject({
  id: z.uuid(),
  phone: z.string().trim().regex(SMS_PHONE_PATTERN, { error: 'phone_invalid' }),
});

/** pending → sent; failed: given up after the last attempt; held: no gateway configured (development outbox). */
export const SMS_OUTBOX_STATUS = { pending: 0, sent: 1, failed: 2, held: 3 } as const;

export const smsOutboxItemSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  phone: z.string(),
  body: z.string(),
  encoding: z.enum(['GSM7', 'UCS2']),
  segments: z.number().int(),
  status: z.number().int(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type SmsOutboxItem = z.infer<typeof smsOutboxItemSchema>;
export const smsOutboxSearchSchema = pageRequestSchema.extend({ status: z.number().int().optional() });
