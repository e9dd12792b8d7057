import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Metrics } from '../platform/metrics/metrics.ts';

/** Grant types worth a series of their own; anything a client makes up is counted as "other". */
const KNOWN_GRANTS = new Set(['authorization_code', 'refresh_token', 'client_credentials', 'urn:ietf:params:oauth:grant-type:token-exchange', 'urn:ietf:params:oauth:grant-type:device_code']);
/** OAuth error codes of the token endpoint (RFC 6749 §5.2 and the provider's own). */
const KNOWN_ERRORS = new Set(['invalid_grant', 'invalid_client', 'invalid_request', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope', 'invalid_target', 'access_denied', 'server_error']);

function grantTypeOf(ctx: KoaContextWithOIDC): string {
  const type = ctx.oidc?.params?.grant_type;
  return typeof type === 'string' && KNOWN_GRANTS.has(type) ? type : 'other';
}

/** Token grants by outcome: success, or the error the token endpoint answered. */
export function countTokenGrants(provider: Provider, metrics: Metrics): void {
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => metrics.tokenGrant(grantTypeOf(ctx), 'success'));
  provider.on('grant.error', (ctx: KoaContextWithOIDC, error: { error?: string }) =>
    metrics.tokenGrant(grantTypeOf(ctx), error.error && KNOWN_ERRORS.has(error.error) ? error.error : 'other_error'),
  );
}
