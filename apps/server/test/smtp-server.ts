import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { DatabaseKind } from './databases.ts';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/** A message as the tests read it: recipient, decoded subject and text. */
export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  raw: string;
}

function decodeWords(value: string): string {
  return value.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_whole, encoding: string, data: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Reads the subject and the text part of a message as nodemailer writes it. */
export function parseMail(to: string, raw: string): CapturedMail {
  const [head = ''] = raw.split(/\r?\n\r?\n/);
  const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(head)?.[1] ?? '';
  const subject = decodeWords(subjectLine.replace(/\r?\n[ \t]/g, ' '));
  const textPart = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(raw);
  const encoding = textPart ? /Content-Transfer-Encoding: (\S+)/i.exec(raw.slice(textPart.index, textPart.index + 300))?.[1] : undefined;
  const body = textPart?.[1] ?? '';
  const text =
    encoding?.toLowerCase() === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding?.toLowerCase() === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { to, subject, text, raw };
}

export interface SmtpCapture {
  port: number;
  url: string;
  received: CapturedMail[];
  /** While set, every connection is turned away with 421, as by a server that is down for maintenance. */
  refuse(on: boolean): void;
  /** Waits for the next message to `to` that matches, received after the call or before it and not yet taken. */
  next(to: string, match?: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a local port that keeps every message it accepts. */
export async function startSmtpCapture(options: { port?: number; onMail?: (mail: CapturedMail) => void } = {}): Promise<SmtpCapture> {
  const received: CapturedMail[] = [];
  const taken = new Set<CapturedMail>();
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      callback(refusing ? Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(session.envelope.rcptTo.map((r) => r.address).join(','), Buffer.concat(chunks).toString('utf8'));
        received.push(mail);
        options.onMail?.(mail);
        callback();
      });
    },
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(on) {
      refusing = on;
    },
    async next(to, match = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = received.find((mail) => !taken.has(mail) && mail.to === to && match(mail));
        if (found) {
          taken.add(found);
          return found;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms (received: ${received.map((m) => `${m.to}: ${m.subject}`).join('; ')})`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code of a verification mail. */
export function codeOf(mail: CapturedMail): string {
  const code = /(\d{6})/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
}

/**
 * The real app delivering its mail to a local SMTP server, for one test file: set it up in
 * beforeAll, read `app.smtp`, tear both down in afterAll.
 */
export type TestAppWithMail = TestApp & { smtp: SmtpCapture };

export async function startTestAppWithMail(kind: DatabaseKind, env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestAppWithMail> {
  const smtp = await startSmtpCapture();
  const app = await startTestApp(kind, { SMTP_URL: smtp.url, ...env }, options);
  return {
    ...app,
    smtp,
    close: async () => {
      await app.close();
      await smtp.close();
    },
  };
}
