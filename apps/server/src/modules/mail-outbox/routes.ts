import type { FastifyInstance } from 'fastify';
import { MAIL_OUTBOX_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { registerCall } from '../../platform/call.ts';
import { notFound } from '../../platform/errors.ts';
import { pageOf } from '../../platform/resource/search.ts';
import { heldMail, searchOutbox } from './outbox-store.ts';

/**
 * The platform administrator's view of the outbox. Held mail (no SMTP server configured) can
 * be read in full, so a newcomer can finish sign-up and two-factor without a mail server;
 * mail that went through SMTP shows its delivery state only.
 */
export function registerMailOutboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCall(app, MAIL_OUTBOX_CALLS.search, {}, async (request) => searchOutbox(ctx.db, request.body, pageOf(request.body)));

  registerCall(app, MAIL_OUTBOX_CALLS.get, {}, async (request) => {
    const mail = await heldMail(ctx.db, request.params.id);
    if (!mail) throw notFound();
    return mail;
  });
}
