import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { STATUS } from '@portal/contracts';
import type { Database } from '../db/client.ts';
import { services } from '../db/schema/index.ts';
import type { AppAuthenticator, AppCaller } from '../platform/access.ts';
import type { SecretBox } from '../platform/secrets.ts';
import { PORTAL_TOKEN_ALG, publicJwks, type ProviderKeys } from './keys.ts';
import { PUSH_SCOPE } from './resources.ts';
import { scopeHolds } from './tokens.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `application/x-www-form-urlencoded` decoding (RFC 6749 §2.3.1); undefined for a malformed `%` escape. */
function formDecoded(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** HTTP Basic client credentials as the token endpoint reads them; undefined when malformed. */
export function basicCredentials(header: string | undefined): { clientId: string; secret: string } | undefined {
  const match = /^basic +([A-Za-z0-9+/=._~-]+) *$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  const clientId = formDecoded(decoded.slice(0, colon));
  const secret = formDecoded(decoded.slice(colon + 1));
  return clientId && secret ? { clientId, secret } : undefined;
}

/**
 * Who a service app calling a 'service-app' route is (docs/service-app-contract.md): either an
 * access token from the client-credentials grant, issued to the service's client for the
 * notification resource with the `notification:push` scope, or its client id and secret as HTTP
 * Basic, as at the token endpoint. Never a user's token. The service must be active; a secret
 * must be the one rotated last.
 */
export function appAuthenticator(deps: { db: Database; secrets: SecretBox; keys: ProviderKeys; issuer: string; notificationResource: string }): AppAuthenticator {
  const jwks = createLocalJWKSet(publicJwks(deps.keys));
  const activeService = async (code: string) => {
    const [service] = await deps.db
      .select({ code: services.code, name: services.name, sealed: services.clientSecretSealed })
      .from(services)
      .where(and(eq(services.code, code), eq(services.status, STATUS.active)));
    return service;
  };

  async function byToken(token: string): Promise<AppCaller | undefined> {
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: deps.issuer, audience: deps.notificationResource, typ: 'at+jwt', algorithms: [PORTAL_TOKEN_ALG] });
      // A client-credentials token is the client's own: its subject is the client id.
      if (typeof payload.client_id !== 'string' || payload.sub !== payload.client_id || !scopeHolds(payload.scope, PUSH_SCOPE)) return undefined;
      const service = await activeService(payload.client_id);
      return service?.sealed ? { clientId: service.code, name: service.name } : undefined;
    } catch {
      return undefined;
    }
  }

  return async (request) => {
    const header = request.headers.authorization;
    const bearer = /^bearer +(\S+) *$/i.exec(header ?? '')?.[1];
    if (bearer) return byToken(bearer);
    const credentials = basicCredentials(header);
    if (!credentials) return undefined;
    const service = await activeService(credentials.clientId);
    if (!service?.sealed || !timingSafeEqual(digest(deps.secrets.open(service.sealed)), digest(credentials.secret))) return undefined;
    return { clientId: service.code, name: service.name };
  };
}
