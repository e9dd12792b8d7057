import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** An incoming x-request-id is kept when it is a plain token (a balancer's or a caller's id). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * What never reaches a log line, by path (pino's redact, applied when a line is written):
 * credentials in headers, and the secret fields of any object logged at up to two levels
 * (a body, a settings record, an error's query parameters).
 */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'oldPassword',
  'confirmPassword',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'clientSecret',
  'secret',
  'code',
  'recoveryCode',
  'code_verifier',
  'smtpUrl',
  'credentials',
  'credential',
  'bearerToken',
  'apiKey',
];
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'err.params',
  'err.cause.params',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/** Fastify's logger: JSON lines on stdout, secrets redacted, the request id as `reqId`. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
}

/**
 * One line per answered request (Fastify's own two lines are off): the route's pattern, never
 * the URL, whose query may carry a code or a token. Every answer names its request id.
 */
export function registerRequestLog(app: FastifyInstance): void {
  // Decided once: above info (warn, silent) the request path builds no line at all.
  const logsRequests = ['trace', 'debug', 'info'].includes(app.log.level);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (logsRequests) {
      request.log.info(
        { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
        'request',
      );
    }
    done();
  });
}
