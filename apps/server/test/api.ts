import type { FastifyInstance, InjectOptions } from 'fastify';
import { bearer } from './oidc-client.ts';

/** Calls the API as the holder of `token`: GET without a body, POST with one. */
export function callApi(app: FastifyInstance, token: string, url: string, body?: object, language = 'en') {
  const options: InjectOptions = { method: body === undefined ? 'GET' : 'POST', url, headers: { ...bearer(token), 'accept-language': language } };
  if (body !== undefined) options.payload = body as Record<string, unknown>;
  return app.inject(options);
}
