import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import { SMS_OUTBOX_STATUS, SMS_SYSTEM_TYPES, smsTemplateResource, TEMPLATE_VARIABLE_PATTERN, SMS_TEMPLATE_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { smsOutbox } from '../../db/schema/index.ts';
import { registerCall } from '../../platform/call.ts';
import { notFound } from '../../platform/errors.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { pageOf, totalOver, toPageResult } from '../../platform/resource/search.ts';
import { scopeOf } from '../../platform/resource/scope.ts';
import { smsTemplateStore } from './sms-template-store.ts';

/** Values a test message fills each variable with. */
const SAMPLE_VALUES: Record<string, string> = { code: '123456', minutes: '10', username: 'nguyen.van.an', password: 'Mau#Pass2026' };

/** /api/TemplateSms: the resource, a test message of a template, and the SMS outbox (held messages readable in full). */
export function registerSmsTemplateRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, smsTemplateResource, smsTemplateStore);

  registerCall(app, SMS_TEMPLATE_CALLS.sendTest, {}, async (request) => {
    const template = await smsTemplateStore.find(ctx.db, request.body.id, scopeOf(request.actor));
    if (!template) throw notFound();
    const offered: readonly string[] = template.systemType ? SMS_SYSTEM_TYPES[template.systemType].variables : [];
    const text = template.content.replace(TEMPLATE_VARIABLE_PATTERN, (whole, name: string) => (offered.includes(name) ? (SAMPLE_VALUES[name] ?? whole) : whole));
    const id = await ctx.sms.send(ctx.db, { kind: `test:${template.systemType ?? 'template'}`, to: request.body.phone, text });
    return { id, templateId: template.id };
  });

  registerCall(app, SMS_TEMPLATE_CALLS.outbox, {}, async (request) => {
    const page = pageOf(request.body);
    const where = request.body.status === undefined ? undefined : eq(smsOutbox.status, request.body.status);
    const rows = await ctx.db.select({ row: smsOutbox, total: totalOver }).from(smsOutbox).where(where).orderBy(desc(smsOutbox.seq)).limit(page.limit).offset(page.offset);
    return (
      await toPageResult(
        rows,
        ({ row }) => ({
          id: row.id,
          kind: row.kind,
          phone: row.phone,
          // Codes and passwords travel in SMS: only a held message (no gateway, development) is shown in full.
          body: row.status === SMS_OUTBOX_STATUS.held ? row.body : '',
          encoding: row.encoding,
          segments: row.segments,
          status: row.status,
          attempts: row.attempts,
          lastError: row.lastError,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
        }),
        page,
        async () => (await ctx.db.select({ n: count() }).from(smsOutbox).where(where))[0]!.n,
      )
    );
  });
}
