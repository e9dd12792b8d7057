import type { Socket } from 'socket.io-client';
import { REALTIME_EVENTS } from '@portal/contracts';
import { accessToken } from './session.ts';

/**
 * The live connection to the server (Socket.IO over WebSocket). It proves who it is with the
 * current access token at every (re)connection; the server pushes the end of this session
 * (sign-out or password change elsewhere) and, for the dashboard, sign-in activity. The
 * client library loads with the signed-in frame, not with the sign-in screens.
 */
let socket: Socket | undefined;
let wanted = false;
let loading: Promise<void> | undefined;
type Listener = (payload: unknown) => void;
const listeners = new Map<string, Set<Listener>>();

/**
 * Hears an event the server pushes (a dashboard's UserAccess …) for as long as the caller
 * wants; attaches to the connection whenever it (re)opens. Returns the unsubscribe.
 */
export function onLiveEvent(event: string, listener: Listener): () => void {
  const set = listeners.get(event) ?? new Set<Listener>();
  listeners.set(event, set);
  set.add(listener);
  socket?.on(event, listener);
  return () => {
    set.delete(listener);
    socket?.off(event, listener);
  };
}

export function openLiveConnection(url: string, handlers: { onSessionEnded: () => void }): void {
  wanted = true;
  if (socket || loading) return;
  // The socket reconnects by itself (live-reconnect.ts: soon after an instance's restart, 1012).
  loading = import('./live-reconnect.ts').then(({ openLiveSocket }) => {
    loading = undefined;
    // Closed again while the library was loading (or already open): nothing to do.
    if (!wanted || socket) return;
    socket = openLiveSocket(url, accessToken);
    socket.on(REALTIME_EVENTS.sessionEnded, handlers.onSessionEnded);
    for (const [event, set] of listeners) for (const listener of set) socket.on(event, listener);
  });
}

export function closeLiveConnection(): void {
  wanted = false;
  socket?.close();
  socket = undefined;
}
