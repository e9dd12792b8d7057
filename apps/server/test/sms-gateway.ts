import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsGateway {
  /** What SMS_GATEWAY_URL should be. */
  url: string;
  /** Every message the gateway accepted, in order (a message sent twice is here twice). */
  accepted: { id: string; to: string; text: string; idempotencyKey: string | undefined }[];
  /** How many sends it refused while down. */
  refused(): number;
  setUp(on: boolean): void;
  close(): Promise<void>;
}

/** A real HTTP SMS gateway on a local port: down (503) or up, keeping every message it accepted. */
export async function startSmsGateway(options: { up?: boolean } = {}): Promise<SmsGateway> {
  let up = options.up ?? false;
  const accepted: SmsGateway['accepted'] = [];
  let refused = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (!up) {
        refused += 1;
        response.writeHead(503).end('maintenance');
        return;
      }
      const message = JSON.parse(body) as { id: string; to: string; text: string };
      accepted.push({ ...message, idempotencyKey: request.headers['idempotency-key'] as string | undefined });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"queued"}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    accepted,
    refused: () => refused,
    setUp: (on: boolean) => void (up = on),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
