import { and, eq, isNotNull } from 'drizzle-orm';
import type { AdapterPayload } from 'oidc-provider';
import { STATUS } from '@portal/contracts';
import type { Database } from '../db/client.ts';
import { services } from '../db/schema/index.ts';

/**
 * The suite's services as OIDC clients: an active service with a redirect link is a public
 * client (authorization code + PKCE) whose id is the service code. Its app, opened from the
 * app switcher, signs in through the portal's session without asking the password again.
 */
export async function serviceClientMetadata(db: Database, clientId: string): Promise<AdapterPayload | undefined> {
  const [service] = await db
    .select({ code: services.code, name: services.name, link: services.link, redirectLink: services.redirectLink })
    .from(services)
    .where(and(eq(services.code, clientId), eq(services.status, STATUS.active), isNotNull(services.redirectLink)));
  if (!service?.redirectLink) return undefined;
  return {
    client_id: service.code,
    client_name: service.name,
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [service.redirectLink],
    post_logout_redirect_uris: service.link ? [service.link] : [],
  };
}
