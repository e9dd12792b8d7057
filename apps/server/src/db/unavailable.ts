/**
 * Whether an error means the database cannot be reached right now (stopped, restarting,
 * failing over, network cut) rather than that a query was wrong. Those requests are answered
 * 503 so clients and load balancers retry, instead of a 500 that reads like a bug.
 */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const CONNECTION_MESSAGES = [/connection terminated/i, /timeout exceeded when trying to connect/i, /connection ended/i, /client has encountered a connection error/i];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (CONNECTION_ERRNOS.has(code)) return true;
      // SQLSTATE class 08 (connection exception), 57P01–57P03 (shutdown, crash, starting up).
      if (/^08/.test(code) || /^57P0[1-3]$/.test(code)) return true;
    }
    if (CONNECTION_MESSAGES.some((pattern) => pattern.test(cause.message))) return true;
  }
  return false;
}
