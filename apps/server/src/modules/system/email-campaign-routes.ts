import type { FastifyInstance } from 'fastify';
import { emailCampaignResource, EMAIL_CAMPAIGN_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { registerCall } from '../../platform/call.ts';
import { notFound } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/resource/scope.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { pageOf } from '../../platform/resource/search.ts';
import { campaignReceivers, emailCampaignStore } from './email-campaign-store.ts';

/** /api/EmailCampaign: the resource, and each receiver of a queued campaign with what became of its mail. */
export function registerEmailCampaignRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, emailCampaignResource, emailCampaignStore);

  registerCall(app, EMAIL_CAMPAIGN_CALLS.receivers, {}, async (request) => {
    const { campaignId } = request.body;
    if (!(await emailCampaignStore.find(ctx.db, campaignId, scopeOf(request.actor)))) throw notFound();
    return { campaignId, ...(await campaignReceivers(ctx.db, campaignId, pageOf(request.body))) };
  });
}
