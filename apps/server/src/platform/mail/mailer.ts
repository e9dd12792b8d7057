import type { FastifyBaseLogger } from 'fastify';
import type { EmailTemplateType, EmailTemplateVariables, Language } from '@portal/contracts';
import type { Database, Queryable } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { enqueueMail, enqueueMails, type OutgoingMail } from './outbox.ts';
import { renderTemplate } from './render.ts';
import { templateFor } from './templates.ts';
import { startMailWorker, type MailWorker } from './worker.ts';

/** A mail of one system type, with the values its template's variables take. */
export type MailMessage = { [K in EmailTemplateType]: { kind: K; to: string; language: Language; params: EmailTemplateVariables<K> } }[EmailTemplateType];

/** Sends the portal's mail: through the outbox and SMTP, or into the development outbox. */
export interface Mailer {
  /** True when an SMTP server is configured (otherwise mail is held in the development outbox). */
  readonly delivers: boolean;
  /** Queues a message rendered from its type's template (System → e-mail templates), in the caller's transaction. */
  send(db: Queryable, message: MailMessage): Promise<string>;
  /** Queues a message written elsewhere (e-mail campaigns). */
  sendRaw(db: Queryable, message: OutgoingMail): Promise<string>;
  /** Queues many such messages at once (a campaign's), answering their ids in order. */
  sendRawMany(db: Queryable, messages: readonly OutgoingMail[]): Promise<string[]>;
  worker: MailWorker | undefined;
  close(): Promise<void>;
}

export function createMailer(deps: { db: Database; clock: Clock; smtpUrl: string | undefined; log: FastifyBaseLogger }): Mailer {
  const worker = deps.smtpUrl ? startMailWorker({ db: deps.db, clock: deps.clock, smtpUrl: deps.smtpUrl, log: deps.log }) : undefined;
  const delivers = worker !== undefined;
  // The message becomes visible to the worker when the caller's transaction commits; a short
  // delay lets that happen before the worker looks, instead of waiting for the next poll.
  const soon = () => setTimeout(() => worker?.kick(), 100).unref();

  return {
    delivers,
    async send(db, { kind, to, language, params }) {
      const rendered = await renderTemplate(await templateFor(db, kind, language), params, language);
      const id = await enqueueMail(db, { kind, to, language, ...rendered }, { deliver: delivers });
      soon();
      return id;
    },
    async sendRaw(db, message) {
      const id = await enqueueMail(db, message, { deliver: delivers });
      soon();
      return id;
    },
    async sendRawMany(db, messages) {
      const ids = await enqueueMails(db, messages, { deliver: delivers });
      soon();
      return ids;
    },
    worker,
    close: async () => worker?.stop(),
  };
}
