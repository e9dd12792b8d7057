import type { Socket } from 'node:net';
import { failureBody } from './envelope.ts';
import { AppError } from './errors.ts';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers too large, malformed
 * request line) still get the envelope, in the default language since the headers are unread.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, reason] = error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large'] : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout'] : [400, 'Bad Request'];
  const body = JSON.stringify(failureBody(new AppError('request.bad_request'), 'vi'));
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
