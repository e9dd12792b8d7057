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
      return { subject: payload.sub, issuedAt: payload.iat, grantId: typeof payload.gid === 'string' ? payload.gid : undefined };
    } catch {
      return undefined;
    }
  };
}
