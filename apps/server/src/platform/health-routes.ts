import type { FastifyInstance } from 'fastify';
import { isReachable, type Database } from '../db/client.ts';

/**
 * Liveness (the process answers) and readiness (the database answers and the instance is not
 * draining: platform/shutdown.ts), for load balancers.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: { db: Database }): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (app.draining) return reply.status(503).send({ status: 'draining' });
    const ready = await isReachable(deps.db);
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable' });
  });
}
