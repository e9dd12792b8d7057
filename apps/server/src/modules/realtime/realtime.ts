import type { FastifyInstance } from 'fastify';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { REALTIME_EVENTS, REALTIME_PATH } from '@portal/contracts';
import type { Database } from '../../db/client.ts';
import { isTokenStillValid, type TokenVerifier } from '../../platform/access.ts';
import { loadActor } from '../../platform/actor.ts';


export interface SignInEvent {
  userId: string;
  username: string;
  unitId: string | null;
  signedInAt: string;
}

/** The live connection's server side, as the rest of the app uses it. */
export interface Realtime {
  userSignedIn(event: SignInEvent): void;
  /** Tells the connections of these grants (one per signed-in browser and app) that they ended. */
  sessionsEnded(grantIds: readonly string[]): void;
}

const rooms = {
  user: (id: string) => `user:${id}`,
  unit: (id: string) => `unit:${id}`,
  grant: (id: string) => `grant:${id}`,
  platform: 'platform',
};

/**
 * Socket.IO at /realtime, over WebSocket only (no sticky sessions needed behind a load
 * balancer). A connection proves who it is with the access token at the handshake and joins
 * the rooms of its user, unit, grant and, for platform staff, the platform. With REDIS_URL the
 * Redis adapter carries every emit to the connections held by the other instances.
 */
export function startRealtime(
  app: FastifyInstance,
  deps: { db: Database; verifyToken: TokenVerifier; redisUrl: string | undefined },
): Realtime {
  const io = new Server(app.server, { path: REALTIME_PATH, serveClient: false, transports: ['websocket'] });
  const redis = deps.redisUrl ? new Redis(deps.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 }) : undefined;
  if (redis) {
    const subscriber = redis.duplicate();
    for (const client of [redis, subscriber]) client.on('error', (error) => app.log.warn({ err: error }, 'redis connection error'));
    io.adapter(createAdapter(redis, subscriber));
    app.addHook('onClose', async () => {
      await Promise.allSettled([redis.quit(), subscriber.quit()]);
    });
  }

  io.use(async (socket: Socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    const claims = token ? await deps.verifyToken(token) : undefined;
    const record = claims ? await loadActor(deps.db, claims.subject) : undefined;
    if (!claims || !record || !isTokenStillValid(record, claims)) {
      next(new Error('unauthorized'));
      return;
    }
    const { actor } = record;
    await socket.join([
      rooms.user(actor.userId),
      ...(actor.unitId ? [rooms.unit(actor.unitId)] : []),
      ...(claims.grantId ? [rooms.grant(claims.grantId)] : []),
      ...(actor.isAdminIam || actor.isUserWebPortal ? [rooms.platform] : []),
    ]);
    next();
  });

  // Open connections would keep the HTTP server from closing.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await io.close();
  });

  return {
    userSignedIn(event) {
      if (event.unitId) io.to(rooms.unit(event.unitId)).emit(REALTIME_EVENTS.userAccess, event);
      io.to(rooms.platform).emit(REALTIME_EVENTS.userAccessSuperAdmin, event);
    },
    sessionsEnded(grantIds) {
      if (grantIds.length === 0) return;
      io.to(grantIds.map(rooms.grant)).emit(REALTIME_EVENTS.sessionEnded, {});
    },
  };
}
