/** The live connection between the SPA and the server (Socket.IO). */
export const REALTIME_PATH = '/realtime';

/** Events pushed to the SPA (section 7's names, plus the end of a session). */
export const REALTIME_EVENTS = {
  userAccess: 'UserAccess',
  userAccessSuperAdmin: 'UserAccessSuperAdmin',
  pullMessage: 'PullMessage',
  /** The session this connection belongs to was ended elsewhere (sign-out, password change). */
  sessionEnded: 'SessionEnded',
} as const;

/**
 * The WebSocket close code of an instance that is stopping (SIGTERM, rolling update): 1012,
 * "service restart". The SPA reconnects soon, to whichever instance answers, silently.
 */
export const REALTIME_SERVICE_RESTART = 1012;
