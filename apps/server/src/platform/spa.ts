import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { BASE_PATH, type Environment } from '@portal/contracts';

/**
 * Serves the built SPA under the base path, compressed at build time: hashed assets cached for a year, everything
 * else revalidated, unknown paths answered with index.html so the SPA's router decides
 * (and shows PAGE NOT FOUND).
 */
export async function registerSpa(app: FastifyInstance, deps: { webRoot: string; environment: Environment }): Promise<boolean> {
  app.get(`${BASE_PATH}/env.json`, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(deps.environment),
  );
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect(`${BASE_PATH}/`));

  if (!existsSync(deps.webRoot)) {
    app.log.warn(`the web app is not built (${deps.webRoot} is missing): run "npm run build"`);
    return false;
  }
  await app.register(fastifyStatic, {
    root: deps.webRoot,
    prefix: `${BASE_PATH}/`,
    wildcard: true,
    // The build leaves .br and .gz beside each asset (apps/web/precompress.ts).
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

export function isSpaPath(url: string): boolean {
  return url === BASE_PATH || url.startsWith(`${BASE_PATH}/`);
}
