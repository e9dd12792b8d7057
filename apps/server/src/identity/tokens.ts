import { createLocalJWKSet, jwtVerify } from 'jose';
import type { TokenVerifier } from '../platform/access.ts';
import { publicJwks, type ProviderKeys } from './keys.ts';

/** Verifies the provider's JWT access tokens for the portal API, with the keys in memory. */
export function createTokenVerifier(options: { issuer: string; audience: string; keys: ProviderKeys }): TokenVerifier {
  const jwks = createLocalJWKSet(publicJwks(options.keys));
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, jwks, {
        issuer: options.issuer,
        audience: options.audience,
        typ: 'at+jwt',
        algorithms: ['RS256'],
      });
      if (!payload.sub || payload.iat === undefined) return undefined;
      // iat has whole seconds; the portal's own tokens also say the millisecond (iat_ms), so a
      // password change refuses a token issued earlier in the same second, but not one after.
      const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat * 1000;
      return { subject: payload.sub, issuedAtMs, grantId: typeof payload.gid === 'string' ? payload.gid : undefined };
    } catch {
      return undefined;
    }
  };
}
