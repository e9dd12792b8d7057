import type { AsymmetricSigningAlgorithm, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { SESSION } from '@portal/contracts';
import { errors } from './oidc-provider-module.ts';
import { PORTAL_TOKEN_ALG } from './keys.ts';

/** The portal's own web client: the only one whose tokens the portal API accepts. */
export const SPA_CLIENT_ID = 'sso-fe';
/** The resource server scope carried by the portal API's access tokens. */
export const API_SCOPE = 'api';
/** The scope of a client-credentials token that lets a service app push notifications to its users. */
export const PUSH_SCOPE = 'notification:push';
/** The scope a service app's own API (its registered resource) is called with. */
export const SERVICE_API_SCOPE = 'api';
/** Client metadata naming a service's own API as a resource indicator (RFC 8707). */
export const SERVICE_RESOURCE_METADATA = 'api_resource';

/** The resource indicators the portal itself serves. */
export interface PortalResources {
  /** The portal API (`/api`): tokens of the portal's web client only. */
  apiResource: string;
  /** The notification push (`/api/Notification/Push`): client-credentials tokens of service apps. */
  notificationResource: string;
}

type Client = NonNullable<KoaContextWithOIDC['oidc']['client']>;

/** A service client's own API, as its service registered it (serviceClientMetadata). */
export function serviceResourceOf(client: Client): string | undefined {
  const value = (client.metadata() as Record<string, unknown>)[SERVICE_RESOURCE_METADATA];
  return typeof value === 'string' ? value : undefined;
}

const isClientCredentials = (ctx: KoaContextWithOIDC) => ctx.oidc.route === 'token' && ctx.oidc.params?.grant_type === 'client_credentials';

/**
 * Tokens bound to their audience (RFC 8707). The portal's web client gets JWTs for the portal
 * API and nothing else asks for that audience; a service app gets, without a resource, an
 * opaque token for userinfo, with its own registered resource a JWT for that resource, and with
 * client credentials a JWT for the notification push. Any other resource is `invalid_target`.
 */
export function resourceIndicators(resources: PortalResources): NonNullable<NonNullable<Configuration['features']>['resourceIndicators']> {
  const jwt = (audience: string, scope: string, alg: AsymmetricSigningAlgorithm) => ({
    scope,
    audience,
    accessTokenTTL: SESSION.accessTokenTtlSeconds,
    accessTokenFormat: 'jwt' as const,
    jwt: { sign: { alg } },
  });
  return {
    enabled: true,
    defaultResource: (ctx, client) => {
      if (client?.clientId === SPA_CLIENT_ID) return resources.apiResource;
      return isClientCredentials(ctx) ? resources.notificationResource : undefined;
    },
    // The web client always means the API; a service app names its resource at the token
    // endpoint too, else it gets its userinfo token (RFC 8707 §2.2).
    useGrantedResource: (ctx) => ctx.oidc.client?.clientId === SPA_CLIENT_ID,
    getResourceServerInfo: (ctx, indicator, client) => {
      if (client.clientId === SPA_CLIENT_ID) {
        if (indicator === resources.apiResource) return jwt(resources.apiResource, API_SCOPE, PORTAL_TOKEN_ALG);
        throw new errors.InvalidTarget();
      }
      if (indicator === resources.notificationResource && isClientCredentials(ctx)) return jwt(resources.notificationResource, PUSH_SCOPE, PORTAL_TOKEN_ALG);
      // The apps verify RS256, OpenID Connect's default, as they do their ID tokens.
      if (indicator === serviceResourceOf(client)) return jwt(indicator, SERVICE_API_SCOPE, 'RS256');
      throw new errors.InvalidTarget();
    },
  };
}
