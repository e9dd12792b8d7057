import type { FastifyInstance } from 'fastify';

import { smsTemplateResource, SMS_TEMPLATE_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { registerCall } from '../../platform/call.ts';
import { notFound } from '../../platform/errors.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { pageOf } from '../../platform/resource/search.ts';
import { scopeOf } from '../../platform/resource/scope.ts';
import { sampleText, searchSmsOutbox, smsTemplateStore } from './sms-template-store.ts';

/** /api/TemplateSms: the resource, a test message of a template, and the SMS outbox (held messages readable in full). */
export function registerSmsTemplateRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, smsTemplateResource, smsTemplateStore);

  registerCall(app, SMS_TEMPLATE_CALLS.sendTest, {}, async (request) => {
    const template = await smsTemplateStore.find(ctx.db, request.body.id, scopeOf(request.actor));
    if (!template) throw notFound();
    const id = await ctx.sms.send(ctx.db, { kind: `test:${template.systemType ?? 'template'}`, to: request.body.phone, text: sampleText(template) });
    return { id, templateId: template.id };
  });

  registerCall(app, SMS_TEMPLATE_CALLS.outbox, {}, async (request) => searchSmsOutbox(ctx.db, request.body.status, pageOf(request.body)));
}
