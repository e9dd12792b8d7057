import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { activityDay, REALTIME_EVENTS, REALTIME_PATH, REALTIME_SERVICE_RESTART, type ActivityEvent, type UserNotification } from '@portal/contracts';
import type { Database } from '../../db/client.ts';
import { isTokenStillValid, type GrantCheck, type TokenVerifier } from '../access.ts';
import { loadActor } from '../actor.ts';
import type { Clock } from '../clock.ts';


export interface SignInEvent extends ActivityEvent {
  kind: 'sign_in';
  userId: string;
  username: string;
  signedInAt: string;
}

/** The live connection's server side, as the rest of the app uses it. */
export interface Realtime {
  userSignedIn(event: SignInEvent): void;
  /** Tells the dashboards of the event's unit and the platform's that their figures moved. */
  activityChanged(event: ActivityEvent): void;
  /** Distinct users with a live connection now, on every instance (of one unit, or all; or that one user: 0 or 1). */
  usersOnline(unitId: string | null, userId?: string): Promise<number>;
  /** Tells the connections of these grants (one per signed-in browser and app) that they ended. */
  sessionsEnded(grantIds: readonly string[]): void;
  /** Pushes a service app's notification to every live connection of its user (PullMessage). */
  pullMessage(userId: string, notification: UserNotification): void;
  /** Closes every live connection of this instance as a restarting service's (1012): their clients reconnect to another. */
  closeForRestart(): void;
  /** Live connections held by this instance (for the metrics). */
  connections(): number;
}

/** Closes one connection's WebSocket with 1012 and a reason (engine.io keeps the WebSocket to itself). */
function closeForRestart(connection: { transport: unknown; close(): void }): void {
  const webSocket = (connection.transport as { socket?: { close(code: number, reason: string): void } }).socket;
  if (webSocket) webSocket.close(REALTIME_SERVICE_RESTART, 'server restarting');
  else connection.close();
}

interface SocketData {
  userId: string;
  unitId: string | null;
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
export async function startRealtime(
  app: FastifyInstance,
  deps: { db: Database; verifyToken: TokenVerifier; grantAlive: GrantCheck; redisUrl: string | undefined; clock: Clock },
): Promise<Realtime> {
  const io = new Server(app.server, { path: REALTIME_PATH, serveClient: false, transports: ['websocket'] });
  if (deps.redisUrl) {
    // Only an instance among several needs Redis: one alone does not load its client at all.
    const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')]);
    const redis = new Redis(deps.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    const subscriber = redis.duplicate();
    for (const client of [redis, subscriber]) client.on('error', (error) => app.log.warn({ err: error }, 'redis connection error'));
    // The adapter publishes without waiting for the answer: while Redis is away, a failed
    // publish would be an unhandled rejection that ends the process. The event is lost (live
    // updates pause) and the rest of the portal goes on.
    const publish = redis.publish.bind(redis);
    redis.publish = ((...args: Parameters<typeof publish>) => {
      const sent = publish(...args);
      sent.catch((error: unknown) => app.log.warn({ err: error }, 'redis publish failed; a live event was dropped'));
      return sent;
    }) as typeof redis.publish;
    io.adapter(createAdapter(redis, subscriber));
    app.addHook('onClose', async () => {
      await Promise.allSettled([redis.quit(), subscriber.quit()]);
    });
  }

  io.use(async (socket: Socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    const verified = token ? await deps.verifyToken(token) : undefined;
    // The same checks as the API's: a token of an ended session (its grant revoked) is refused.
    const claims = verified?.grantId && (await deps.grantAlive(verified.grantId)) ? verified : undefined;
    const record = claims ? await loadActor(deps.db, claims.subject) : undefined;
    if (!claims || !record || !isTokenStillValid(record, claims)) {
      next(new Error('unauthorized'));
      return;
    }
    const { actor } = record;
    socket.data = { userId: actor.userId, unitId: actor.unitId } satisfies SocketData;
    await socket.join([
      rooms.user(actor.userId),
      ...(actor.unitId ? [rooms.unit(actor.unitId)] : []),
      ...(claims.grantId ? [rooms.grant(claims.grantId)] : []),
      ...(actor.isAdminIam || actor.isUserWebPortal ? [rooms.platform] : []),
    ]);
    next();
  });

  // Users online is a dashboard figure: a connection coming or going moves it.
  io.on('connection', (socket: Socket) => {
    const { unitId } = socket.data as SocketData;
    const tell = () => emitActivity({ kind: 'online', unitId, day: activityDay(deps.clock.now()) });
    tell();
    socket.on('disconnect', tell);
  });

  // Open connections would keep the HTTP server from closing. Each is closed as a restarting
  // service's (1012), not with Socket.IO's "server disconnect", after which a client would not
  // come back: it reconnects to another instance and joins its rooms again there. Activity
  // noticed while closing (the connections dropped here, a late sign-out) is not told: Redis
  // may be gone already.
  let closing = false;
  const closeAll = () => {
    closing = true;
    // Every engine connection, those still in their handshake too (the namespace lists only the joined).
    const { clients } = io.engine as unknown as { clients: Record<string, Parameters<typeof closeForRestart>[0]> };
    for (const connection of Object.values(clients)) closeForRestart(connection);
  };
  app.addHook('preClose', async () => closeAll());
  app.addHook('onClose', async () => {
    await io.close();
  });

  function emitActivity(event: ActivityEvent): void {
    if (closing) return;
    if (event.unitId) io.to(rooms.unit(event.unitId)).emit(REALTIME_EVENTS.userAccess, event);
    io.to(rooms.platform).emit(REALTIME_EVENTS.userAccessSuperAdmin, event);
  }

  return {
    userSignedIn: emitActivity,
    activityChanged: emitActivity,
    async usersOnline(unitId, userId) {
      // fetchSockets asks every instance through the adapter (Redis when REDIS_URL is set).
      const sockets = await (userId ? io.in(rooms.user(userId)) : unitId ? io.in(rooms.unit(unitId)) : io).fetchSockets();
      return new Set(sockets.map((socket) => (socket.data as SocketData).userId)).size;
    },
    sessionsEnded(grantIds) {
      if (grantIds.length === 0) return;
      io.to(grantIds.map(rooms.grant)).emit(REALTIME_EVENTS.sessionEnded, {});
    },
    pullMessage(userId, notification) {
      if (!closing) io.to(rooms.user(userId)).emit(REALTIME_EVENTS.pullMessage, notification);
    },
    closeForRestart: closeAll,
    connections: () => io.engine.clientsCount,
  };
}
