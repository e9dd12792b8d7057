import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AdapterPayload } from 'oidc-provider';
import { STATUS } from '@portal/contracts';
import type { Database, Queryable } from '../db/client.ts';
import { integrations, services } from '../db/schema/index.ts';
import type { Clock } from '../platform/clock.ts';
import type { SecretBox } from '../platform/secrets.ts';
import { SERVICE_RESOURCE_METADATA } from './resources.ts';

/**
 * The suite's services as OIDC clients: an active service with a redirect link is a client
 * whose id is the service code. Once a secret has been rotated it is confidential
 * (client_secret_basic, PKCE still required, and the client-credentials grant for the
 * notification push); before that it is public (PKCE alone). Its app,
 * opened from the app switcher, signs in through the portal's session without asking the
 * password again.
 */
export async function serviceClientMetadata(db: Database, secrets: SecretBox, clientId: string): Promise<AdapterPayload | undefined> {
  const [service] = await db
    .select({
      id: services.id,
      code: services.code,
      name: services.name,
      link: services.link,
      redirectLink: services.redirectLink,
      secret: services.clientSecretSealed,
    })
    .from(services)
    .where(and(eq(services.code, clientId), eq(services.status, STATUS.active), isNotNull(services.redirectLink)));
  if (!service?.redirectLink) return undefined;
  const [integration] = await db
    .select({ uri: integrations.backchannelLogoutUri })
    .from(integrations)
    .where(and(eq(integrations.serviceId, service.id), isNull(integrations.unitId), eq(integrations.enabled, true)));
  return {
    client_id: service.code,
    client_name: service.name,
    application_type: 'web',
    ...(service.secret
      ? { token_endpoint_auth_method: 'client_secret_basic', client_secret: secrets.open(service.secret), grant_types: ['authorization_code', 'refresh_token', 'client_credentials'] }
      : { token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'] }),
    response_types: ['code'],
    redirect_uris: [service.redirectLink],
    post_logout_redirect_uris: service.link ? [service.link] : [],
    // The app's own API, as a resource indicator (RFC 8707): its link, the address it was registered with.
    ...(service.link && URL.canParse(service.link) ? { [SERVICE_RESOURCE_METADATA]: new URL(service.link).href } : {}),
    ...(integration?.uri ? { backchannel_logout_uri: integration.uri, backchannel_logout_session_required: true } : {}),
  };
}

/**
 * A new client secret for the service: the old one stops working at once. The plain value is
 * returned to be shown once; only its sealed form is kept.
 */
export async function rotateClientSecret(tx: Queryable, secrets: SecretBox, clock: Clock, serviceId: string): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await tx.update(services).set({ clientSecretSealed: secrets.seal(secret), clientSecretRotatedAt: clock.now() }).where(eq(services.id, serviceId));
  return secret;
}
