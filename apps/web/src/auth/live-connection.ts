import { io, type Socket } from 'socket.io-client';
import { REALTIME_EVENTS, REALTIME_PATH } from '@portal/contracts';
import { accessToken } from './session.ts';

/**
 * The live connection to the server (Socket.IO over WebSocket). It proves who it is with the
 * current access token at every (re)connection; the server pushes the end of this session
 * (sign-out or password change elsewhere) and, for the dashboard, sign-in activity.
 */
let socket: Socket | undefined;

export function openLiveConnection(url: string, handlers: { onSessionEnded: () => void }): void {
  if (socket) return;
  socket = io(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: (send) => send({ token: accessToken() }),
  });
  socket.on(REALTIME_EVENTS.sessionEnded, handlers.onSessionEnded);
}

export function closeLiveConnection(): void {
  socket?.close();
  socket = undefined;
}
