import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  envelopeSchema,
  LOG_ACTION,
  LOG_OBJECT,
  passkeyRegisterSchema,
  passkeyRemoveSchema,
  passkeyRenameSchema,
  passkeySchema,
  reauthenticationSchema,
  webauthnOptionsSchema,
  type Passkey,
} from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { passkeys } from '../../db/schema/index.ts';
import { authenticationOptions, registerPasskey, registrationOptions, type PasskeyRow } from '../../identity/webauthn.ts';
import { auditedChange } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { reauthenticate, reauthSubject } from './reauthentication.ts';

const listed = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backupState,
});

/** The signed-in user's passkeys (account information → security). */
export function registerMyPasskeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const signedIn = { access: 'signed-in' as const };
  const tags = ['Passkey'];
  const passkeyLog = (action: (typeof LOG_ACTION)[keyof typeof LOG_ACTION]) => ({ object: LOG_OBJECT.passkey, action });

  routes.get(
    '/api/Passkey/GetMine',
    { config: signedIn, schema: { tags, response: { 200: envelopeSchema(z.array(passkeySchema)) } } },
    async (request) => ok((await db.select().from(passkeys).where(eq(passkeys.userId, request.actor.userId)).orderBy(asc(passkeys.createdAt))).map(listed)),
  );

  // A re-authentication with a passkey first asks for options naming the user's own passkeys.
  routes.post(
    '/api/Passkey/ReauthOptions',
    { config: signedIn, schema: { tags, response: { 200: envelopeSchema(webauthnOptionsSchema) } } },
    async (request) => ok(await authenticationOptions(db, ctx.config, reauthSubject(request.actor.userId), request.actor.userId)),
  );

  routes.post(
    '/api/Passkey/RegisterOptions',
    { config: signedIn, schema: { tags, body: reauthenticationSchema, response: { 200: envelopeSchema(webauthnOptionsSchema) } } },
    async (request) => {
      await reauthenticate(ctx, request, request.body);
      const { user } = request.actorRecord;
      return ok(await registrationOptions(db, ctx.config, { id: user.id, username: user.username, fullName: user.fullName || user.username }));
    },
  );

  routes.post(
    '/api/Passkey/Register',
    { config: signedIn, schema: { tags, body: passkeyRegisterSchema, response: { 200: envelopeSchema(passkeySchema) } } },
    async (request) =>
      ok(
        await auditedChange(db, request, passkeyLog(LOG_ACTION.register), async (tx, note) => {
          note({ objectName: request.body.name });
          const row = await registerPasskey(tx, ctx.config, request.actor.userId, request.body.name, request.body.response);
          note({ objectId: row.id });
          return listed(row);
        }),
      ),
  );

  routes.post(
    '/api/Passkey/Rename',
    { config: signedIn, schema: { tags, body: passkeyRenameSchema, response: { 200: envelopeSchema(passkeySchema) } } },
    async (request) =>
      ok(
        await auditedChange(db, request, passkeyLog(LOG_ACTION.edit), async (tx, note) => {
          const { id, name } = request.body;
          note({ objectId: id, objectName: name });
          const [row] = await tx.update(passkeys).set({ name }).where(and(eq(passkeys.id, id), eq(passkeys.userId, request.actor.userId))).returning();
          if (!row) throw new AppError('passkey.not_found');
          return listed(row);
        }),
      ),
  );

  routes.post(
    '/api/Passkey/Remove',
    { config: signedIn, schema: { tags, body: passkeyRemoveSchema, response: { 200: envelopeSchema(z.boolean()) } } },
    async (request) => {
      await reauthenticate(ctx, request, request.body.reauthentication);
      return ok(
        await auditedChange(db, request, passkeyLog(LOG_ACTION.delete), async (tx, note) => {
          const [row] = await tx.delete(passkeys).where(and(eq(passkeys.id, request.body.id), eq(passkeys.userId, request.actor.userId))).returning();
          if (!row) throw new AppError('passkey.not_found');
          note({ objectId: row.id, objectName: row.name });
          return true;
        }),
      );
    },
  );
}
