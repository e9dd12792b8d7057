import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailCampaignResource, EMAIL_CAMPAIGN_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { emailCampaignReceivers, mailOutbox } from '../../db/schema/index.ts';
import { registerCall } from '../../platform/call.ts';
import { notFound } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/resource/scope.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { pageOf, totalOver, toPageResult } from '../../platform/resource/search.ts';
import { emailCampaignStore } from './email-campaign-store.ts';

/** /api/EmailCampaign: the resource, and each receiver of a queued campaign with what became of its mail. */
export function registerEmailCampaignRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, emailCampaignResource, emailCampaignStore);

  registerCall(app, EMAIL_CAMPAIGN_CALLS.receivers, {}, async (request) => {
    const { campaignId } = request.body;
    if (!(await emailCampaignStore.find(ctx.db, campaignId, scopeOf(request.actor)))) throw notFound();
    const page = pageOf(request.body);
    const where = eq(emailCampaignReceivers.campaignId, campaignId);
    const rows = await ctx.db
      .select({ receiver: emailCampaignReceivers, mail: { status: mailOutbox.status, sentAt: mailOutbox.sentAt, lastError: mailOutbox.lastError }, total: totalOver })
      .from(emailCampaignReceivers)
      .innerJoin(mailOutbox, eq(mailOutbox.id, emailCampaignReceivers.mailId))
      .where(where)
      .orderBy(asc(mailOutbox.seq))
      .limit(page.limit)
      .offset(page.offset);
    return {
      campaignId,
      ...(await toPageResult(
        rows,
        ({ receiver, mail }) => ({ address: receiver.address, role: receiver.role, status: mail.status, sentAt: mail.sentAt?.toISOString() ?? null, lastError: mail.lastError }),
        page,
        async () => (await ctx.db.select({ n: count() }).from(emailCampaignReceivers).where(where))[0]!.n,
      )),
    };
  });
}
