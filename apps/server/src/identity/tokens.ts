import { createLocalJWKSet, jwtVerify } from 'jose';
import type { AccessTokenClaims, TokenVerifier } from '../platform/access.ts';
import { PORTAL_TOKEN_ALG, publicJwks, type ProviderKeys } from './keys.ts';

/** Verified tokens kept: enough for every active session of a large portal. */
const VERIFIED_MAX = 50_000;

/** Does a token's space-separated `scope` hold `wanted`? */
export const scopeHolds = (scope: unknown, wanted: string): boolean => typeof scope === 'string' && scope.split(' ').includes(wanted);

/**
 * Verifies the provider's JWT access tokens for the portal API, with the keys in memory. A token
 * speaks for its user here only when all three say it is the portal's: issued for the API
 * (`aud`), to the portal's own web client (`client_id`), with the API's scope. A service app's
 * token (issued for that app) is refused, whoever its user is.
 */
export function createTokenVerifier(options: { issuer: string; audience: string; clientId: string; scope: string; keys: ProviderKeys }): TokenVerifier {
  const jwks = createLocalJWKSet(publicJwks(options.keys));
  // A token's signature and claims never change: once verified, what it proves is kept until
  // it expires (the account's state is still checked on every call, by the caller).
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAtMs: number }>();
  return async (token) => {
    const known = verified.get(token);
    if (known) {
      if (known.expiresAtMs > Date.now()) return known.claims;
      verified.delete(token);
      return undefined;
    }
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: options.issuer,
        audience: options.audience,
        typ: 'at+jwt',
        // RS256: tokens issued before the portal's tokens moved to ES256, valid minutes more.
        algorithms: [PORTAL_TOKEN_ALG, 'RS256'],
      });
      if (!payload.sub || payload.iat === undefined || payload.exp === undefined) return undefined;
      if (payload.client_id !== options.clientId || !scopeHolds(payload.scope, options.scope)) return undefined;
      // iat has whole seconds; the portal's own tokens also say the millisecond (iat_ms), so a
      // password change refuses a token issued earlier in the same second, but not one after.
      const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat * 1000;
      const claims = { subject: payload.sub, issuedAtMs, grantId: typeof payload.gid === 'string' ? payload.gid : undefined };
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
      return claims;
    } catch {
      return undefined;
    }
  };
}
