import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this instance is being taken out of service (drain): readiness answers 503. */
    draining: boolean;
  }
}

/**
 * While draining, every answer asks for its connection to be closed: a client (or balancer)
 * keeping connections alive opens its next one elsewhere instead of sending to a closing instance.
 */
export function registerDrain(app: FastifyInstance): void {
  app.decorate('draining', false);
  app.addHook('onSend', async (_request, reply) => {
    if (app.draining) reply.header('connection', 'close');
  });
}

/**
 * Takes an instance out of service before app.close() (SIGTERM, rolling update): readiness
 * answers 503 at once while the instance goes on serving for `delayMs` (SHUTDOWN_DRAIN_MS: a
 * balancer's health checks see it and send new connections elsewhere); then it stops accepting
 * (a balancer's attempt is refused, so it tries another instance), `closeLive` closes the live
 * connections (1012: their clients reconnect elsewhere), and the requests in flight finish.
 * Resolves once the last connection ended; app.close() then stops the workers, which give back
 * their leases. Fastify's own close would answer 503 to a request that reached it meanwhile,
 * which a client counts as failed.
 */
export async function drain(app: FastifyInstance, closeLive: () => void, delayMs = 0): Promise<void> {
  app.draining = true;
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  const closed = new Promise<void>((resolve) => app.server.close(() => resolve()));
  closeLive();
  await closed;
}
