import type { FastifyInstance } from 'fastify';
import { isReachable, type Database } from '../db/client.ts';

/** Liveness (the process answers) and readiness (the database answers), for load balancers. */
export function registerHealthRoutes(app: FastifyInstance, deps: { db: Database }): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const ready = await isReachable(deps.db);
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable' });
  });
}
