import { z } from 'zod';
import { LOG_OBJECT } from '../constants.ts';
import { pageRequestSchema, sortSchema, pageResultSchema } from '../schemas/common.ts';
import { isoDateSchema, requiredText } from '../schemas/fields.ts';
import { EMAIL_PATTERN } from '../schemas/text-rules.ts';
import { defineResource, standardPermissions } from './define.ts';
import { templateIssues } from './email-template.ts';

/** Who a campaign goes to: the addresses typed in, or the administrators or all users of chosen units. */
export const CAMPAIGN_RECEIVER = { addresses: 1, unitAdmins: 2, unitUsers: 3 } as const;
export const CAMPAIGN_RECEIVER_KINDS = [CAMPAIGN_RECEIVER.addresses, CAMPAIGN_RECEIVER.unitAdmins, CAMPAIGN_RECEIVER.unitUsers] as const;

/**
 * scheduled: waits for its send time (it can be edited, rescheduled or cancelled); queued: its
 * mails are in the mail outbox (the progress says how far they got); cancelled: will not be sent.
 */
export const CAMPAIGN_STATUS = { scheduled: 1, queued: 2, cancelled: 3 } as const;

/** A list of addresses as typed: comma (or semicolon) separated, blanks ignored. */
export function splitAddresses(list: string): string[] {
  return list
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Comma-separated addresses, each checked; empty is allowed. */
const addressList = z
  .string()
  .max(4000, { error: 'too_long' })
  .refine((list) => splitAddresses(list).every((address) => EMAIL_PATTERN.test(address) && address.length <= 255), { error: 'email_invalid' })
  .transform((list) => splitAddresses(list).join(', '));

export const campaignProgressSchema = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  waiting: z.number().int(),
});
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

export const emailCampaignRecordSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subject: z.string(),
  receiverType: z.literal(CAMPAIGN_RECEIVER_KINDS),
  receivers: z.string(),
  unitIds: z.array(z.uuid()),
  cc: z.string(),
  bcc: z.string(),
  content: z.string(),
  sendAt: z.string(),
  status: z.number().int(),
  queuedAt: z.string().nullable(),
  progress: campaignProgressSchema,
  updatedAt: z.string(),
});
export type EmailCampaignRecord = z.infer<typeof emailCampaignRecordSchema>;

export const emailCampaignSaveSchema = z
  .strictObject({
    id: z.uuid().nullish(),
    name: requiredText(255),
    subject: requiredText(255),
    receiverType: z.literal(CAMPAIGN_RECEIVER_KINDS),
    receivers: addressList.default(''),
    unitIds: z.array(z.uuid()).max(1000).default([]),
    cc: addressList.default(''),
    bcc: addressList.default(''),
    content: requiredText(200_000),
    /** Absent or null: send now (the sender takes it on its next round). */
    sendAt: isoDateSchema.nullish(),
  })
  .superRefine((input, context) => {
    if (input.receiverType === CAMPAIGN_RECEIVER.addresses && input.receivers === '') context.addIssue({ code: 'custom', path: ['receivers'], message: 'required' });
    if (input.receiverType !== CAMPAIGN_RECEIVER.addresses && input.unitIds.length === 0) context.addIssue({ code: 'custom', path: ['unitIds'], message: 'required' });
    // Campaign content has no variables: every receiver gets the same mail.
    for (const issue of templateIssues({ systemType: null, subject: input.subject, content: input.content })) context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type EmailCampaignSave = z.input<typeof emailCampaignSaveSchema>;

/** The columns e-mail campaigns sort by. */
export const EMAIL_CAMPAIGN_SORT_FIELDS = ['name', 'sendAt', 'status'] as const;
export type EmailCampaignSortField = (typeof EMAIL_CAMPAIGN_SORT_FIELDS)[number];

export const emailCampaignSearchSchema = pageRequestSchema.extend({
  status: z.number().int().optional(),
  sort: sortSchema(EMAIL_CAMPAIGN_SORT_FIELDS),
});

export const emailCampaignResource = defineResource({
  name: 'EmailCampaign',
  record: emailCampaignRecordSchema,
  save: emailCampaignSaveSchema,
  search: emailCampaignSearchSchema,
  paths: {
    search: '/EmailCampaign/Search',
    get: '/EmailCampaign/GetById/:id',
    save: '/EmailCampaign/AddUpdate',
    delete: '/EmailCampaign/Delete/:id',
    status: '/EmailCampaign/UpdateStatus',
  },
  permissions: standardPermissions('SYSTEM_EMAILCAMPAIGN'),
  // Cancel, and take back a cancelled campaign (its send time must still be ahead).
  statuses: [CAMPAIGN_STATUS.scheduled, CAMPAIGN_STATUS.cancelled],
  logObject: LOG_OBJECT.emailCampaign,
  exportColumns: [
    { key: 'name', header: { vi: 'Tên chiến dịch', en: 'Campaign name' }, wide: true },
    { key: 'subject', header: { vi: 'Tiêu đề', en: 'Subject' }, wide: true },
    { key: 'sendAt', header: { vi: 'Thời gian gửi', en: 'Send time' }, format: 'datetime' },
    { key: 'status', header: { vi: 'Trạng thái', en: 'Status' } },
  ],
});

/** One receiver of a queued campaign and what became of its mail (the mail outbox's status). */
export const campaignReceiverSchema = z.object({
  address: z.string(),
  role: z.enum(['to', 'cc', 'bcc']),
  /** MAIL_OUTBOX_STATUS of its mail. */
  status: z.number().int(),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type CampaignReceiver = z.infer<typeof campaignReceiverSchema>;
export const campaignReceiverSearchSchema = pageRequestSchema.extend({ campaignId: z.uuid() });
/** A page of a campaign's receivers, and which campaign they are of. */
export const campaignReceiverPageSchema = pageResultSchema(campaignReceiverSchema).extend({ campaignId: z.uuid() });
