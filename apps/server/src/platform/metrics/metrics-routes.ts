import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Metrics } from './metrics.ts';

export const METRICS_PATH = '/metrics';

/** Times every answer by its route pattern (a URL would make one series per user id). */
export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

async function answerMetrics(metrics: Metrics, reply: FastifyReply): Promise<string> {
  reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
  return metrics.registry.metrics();
}

function bearerMatches(request: FastifyRequest, token: Buffer): boolean {
  const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!given) return false;
  const bytes = Buffer.from(given);
  return bytes.length === token.length && timingSafeEqual(bytes, token);
}

/**
 * /metrics on the public port, only with METRICS_TOKEN as a bearer token; without a token
 * configured the path does not exist there (never anonymous on the public port).
 */
export function registerPublicMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  if (!token) return;
  const expected = Buffer.from(token);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request, expected)) return reply.status(401).header('www-authenticate', 'Bearer').send({ status: 'unauthorized' });
    return answerMetrics(metrics, reply);
  });
}

/**
 * A listener of its own for the scraper (METRICS_PORT on METRICS_HOST, loopback by default):
 * reachable only where the operator binds it, so it asks no token.
 */
export async function startMetricsServer(metrics: Metrics, options: { port: number; host: string }): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.get(METRICS_PATH, async (_request, reply) => answerMetrics(metrics, reply));
  await server.listen({ port: options.port, host: options.host });
  return server;
}
