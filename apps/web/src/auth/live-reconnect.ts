import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH, REALTIME_SERVICE_RESTART } from '@portal/contracts';

/** The timer and randomness the reconnection uses (the browser's; a test passes its own). */
export interface ReconnectClock {
  after(ms: number, run: () => void): () => void;
  random(): number;
}

const browserClock: ReconnectClock = {
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
  random: Math.random,
};

/** What the reconnection needs of a Socket.IO client socket. */
export interface ReconnectingSocket {
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'connect_error', listener: (error: Error) => void): unknown;
  on(event: 'disconnect', listener: (reason: string, details?: unknown) => void): unknown;
  connect(): unknown;
  /** False once the socket was closed by its owner (Socket.IO's `active`). */
  readonly active: boolean;
}

/** The WebSocket close code in Socket.IO's disconnect details (the CloseEvent), if the socket was closed by the server. */
export function closeCodeOf(details: unknown): number | undefined {
  const code = (details as { context?: { code?: unknown } } | undefined)?.context?.code;
  return typeof code === 'number' ? code : undefined;
}

/**
 * How long to wait before reconnecting. After an instance's restart (1012, a rolling update)
 * soon: 200 ms to 1.2 s, spread so that its clients do not all arrive at once at the instances
 * left. After any other loss or a failed attempt: 1 s, 2 s, 4 s … up to 30 s, each ±50 %.
 */
export function reconnectDelay(closeCode: number | undefined, failures: number, random: number): number {
  if (closeCode === REALTIME_SERVICE_RESTART && failures === 0) return Math.round(200 + random * 1000);
  return Math.round(Math.min(1000 * 2 ** failures, 30_000) * (0.5 + random));
}

/**
 * Reconnects the live connection whenever it is lost (instance restarting, network gone) or an
 * attempt fails, owned here instead of by Socket.IO's manager (created with reconnection off) so
 * that a restart is answered soon and other losses back off. Nothing is shown to the user: the
 * socket's listeners stay attached and the server joins the rooms again at the handshake, so
 * what the screens subscribed resumes. A close by the client itself or by the server on purpose
 * ("io server disconnect") is not undone. Returns the stop (cancels a pending attempt).
 */
export function keepReconnecting(socket: ReconnectingSocket, clock: ReconnectClock = browserClock): () => void {
  let failures = 0;
  let cancel: (() => void) | undefined;
  let stopped = false;
  const schedule = (closeCode: number | undefined) => {
    if (stopped || cancel || !socket.active) return;
    const delay = reconnectDelay(closeCode, failures, clock.random());
    failures += 1;
    cancel = clock.after(delay, () => {
      cancel = undefined;
      if (!stopped && socket.active) socket.connect();
    });
  };
  socket.on('connect', () => {
    failures = 0;
  });
  socket.on('connect_error', () => schedule(undefined));
  socket.on('disconnect', (reason, details) => {
    if (reason !== 'io client disconnect' && reason !== 'io server disconnect') schedule(closeCodeOf(details));
  });
  return () => {
    stopped = true;
    cancel?.();
    cancel = undefined;
  };
}

/**
 * The SPA's live socket (WebSocket only), reconnected by keepReconnecting. Loaded with the
 * client library when the signed-in frame opens the connection, not with the sign-in screens.
 */
export function openLiveSocket(url: string, token: () => string | null): Socket {
  const socket = io(url, { path: REALTIME_PATH, transports: ['websocket'], auth: (send) => send({ token: token() }), reconnection: false });
  keepReconnecting(socket);
  return socket;
}
