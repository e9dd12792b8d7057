import { z } from 'zod';
import { idParamSchema, pageResultSchema } from '../schemas/common.ts';
import { mailOutboxItemSchema, mailOutboxMessageSchema, searchMailOutboxSchema } from '../schemas/mail-outbox.ts';
import { emailPreviewRequestSchema, emailPreviewSchema, emailTemplateTypeParamSchema, emailTemplateTypeSchema } from '../resources/email-template.ts';
import { campaignReceiverPageSchema, campaignReceiverSearchSchema } from '../resources/email-campaign.ts';
import { configSyncResultSchema } from '../resources/config-data.ts';
import { templateImageSchema, templateImageUploadSchema } from '../schemas/template-image.ts';
import { smsOutboxItemSchema, smsOutboxSearchSchema, smsSendTestSchema } from '../resources/sms-template.ts';
import { integrationInitResultSchema, integrationInitSchema } from '../resources/integration.ts';
import { defineCall } from './define.ts';

/** The platform administrator's view of the mail outbox. */
export const MAIL_OUTBOX_CALLS = {
  search: defineCall({ method: 'POST', path: '/MailOutbox/Search', tag: 'MailOutbox', access: 'SYSTEM_MAILOUTBOX_LIST', body: searchMailOutboxSchema, answer: pageResultSchema(mailOutboxItemSchema) }),
  /** A held message in full (only held mail can be read). */
  get: defineCall({ method: 'GET', path: '/MailOutbox/GetById/:id', tag: 'MailOutbox', access: 'SYSTEM_MAILOUTBOX_LIST', params: idParamSchema, answer: mailOutboxMessageSchema }),
};

/** Mail templates beside their resource: the types, a preview and an uploaded image. */
export const EMAIL_TEMPLATE_CALLS = {
  types: defineCall({ method: 'GET', path: '/EmailTemplate/GetListType', tag: 'EmailTemplate', access: 'SYSTEM_EMAILTEMPLATE_LIST', answer: z.array(emailTemplateTypeSchema) }),
  typeInfo: defineCall({
    method: 'GET',
    path: '/EmailTemplate/GetTypeInfo/:type',
    tag: 'EmailTemplate',
    access: 'SYSTEM_EMAILTEMPLATE_VIEW',
    params: emailTemplateTypeParamSchema,
    answer: emailTemplateTypeSchema,
  }),
  preview: defineCall({ method: 'POST', path: '/EmailTemplate/Preview', tag: 'EmailTemplate', access: 'SYSTEM_EMAILTEMPLATE_LIST', body: emailPreviewRequestSchema, answer: emailPreviewSchema }),
  uploadImage: defineCall({ method: 'POST', path: '/EmailTemplate/UploadImage', tag: 'EmailTemplate', access: 'SYSTEM_EMAILTEMPLATE_EDIT', body: templateImageUploadSchema, answer: templateImageSchema }),
};

export const EMAIL_CAMPAIGN_CALLS = {
  receivers: defineCall({
    method: 'POST',
    path: '/EmailCampaign/SearchReceiver',
    tag: 'EmailCampaign',
    access: 'SYSTEM_EMAILCAMPAIGN_VIEW',
    body: campaignReceiverSearchSchema,
    answer: campaignReceiverPageSchema,
  }),
};

export const SMS_TEMPLATE_CALLS = {
  sendTest: defineCall({ method: 'POST', path: '/TemplateSms/SendTest', tag: 'TemplateSms', access: 'SYSTEM_SMSTEMPLATE_EDIT', body: smsSendTestSchema, answer: z.object({ id: z.uuid(), templateId: z.uuid() }) }),
  outbox: defineCall({ method: 'POST', path: '/TemplateSms/SearchOutbox', tag: 'TemplateSms', access: 'SYSTEM_SMSTEMPLATE_LIST', body: smsOutboxSearchSchema, answer: pageResultSchema(smsOutboxItemSchema) }),
};

export const CONFIG_CALLS = {
  syncFromDefault: defineCall({ method: 'POST', path: '/ConfigData/SyncFromDefault', tag: 'ConfigData', access: 'SYSTEM_CONFIG_EDIT', answer: configSyncResultSchema }),
  createDefaultIntegration: defineCall({
    method: 'POST',
    path: '/Integrate/CreateDefaultConfigData',
    tag: 'Integrate',
    access: 'SYSTEM_INTEGRATE_ADD',
    body: integrationInitSchema,
    answer: integrationInitResultSchema,
  }),
};
