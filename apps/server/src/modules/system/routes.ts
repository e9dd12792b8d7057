import type { FastifyInstance } from 'fastify';
import { BLACKLIST_RESOURCES, categoryResource } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { registerResource } from '../../platform/resource/register.ts';
import { blacklistStore } from './blacklist-store.ts';
import { categoryStore } from './category-store.ts';
import { registerConfigRoutes } from './config-routes.ts';
import { registerEmailCampaignRoutes } from './email-campaign-routes.ts';
import { registerEmailTemplateRoutes } from './email-template-routes.ts';
import { registerIntegrationRoutes } from './integration-routes.ts';
import { registerSmsTemplateRoutes } from './sms-template-routes.ts';
import { registerTemplateImageRoutes } from './template-image-routes.ts';

/** System settings and messaging (System section): configuration, categories, blacklists, e-mail templates … */
export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerConfigRoutes(app, ctx);
  registerResource(app, ctx, categoryResource, categoryStore);
  for (const contract of BLACKLIST_RESOURCES) registerResource(app, ctx, contract, blacklistStore(contract.kind));
  registerEmailTemplateRoutes(app, ctx);
  registerEmailCampaignRoutes(app, ctx);
  registerSmsTemplateRoutes(app, ctx);
  registerTemplateImageRoutes(app, ctx);
  registerIntegrationRoutes(app, ctx);
}
