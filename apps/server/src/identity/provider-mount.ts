import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';

export const PROVIDER_PATH = '/oidc';
const OAUTH_METADATA = '/.well-known/oauth-authorization-server';

/**
 * Hands every /oidc request that no Fastify route claims (the interaction endpoints do) to
 * oidc-provider, untouched: the body stream is left unread for the provider's own parsers.
 */
export async function mountProvider(app: FastifyInstance, provider: Provider): Promise<void> {
  const callback = provider.callback();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${PROVIDER_PATH}/*`, { schema: { hide: true } }, (request, reply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      // The provider finds its mount path by comparing the original URL with the one it sees.
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(PROVIDER_PATH.length) || '/';
      void callback(raw, reply.raw);
    });
    // RFC 8414 §3: an issuer with a path has its metadata at the well-known path inserted before
    // the issuer's path; strict clients ask there. The provider serves the same document.
    scope.get(`${OAUTH_METADATA}${PROVIDER_PATH}`, { schema: { hide: true } }, (request, reply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = `${PROVIDER_PATH}${OAUTH_METADATA}`;
      raw.url = OAUTH_METADATA;
      void callback(raw, reply.raw);
    });
  });
}
