import type { FastifyInstance } from 'fastify';
import { LOG_ACTION, LOG_OBJECT, MY_PASSKEY_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { authenticationOptions, registerPasskey, registrationOptions } from '../../identity/webauthn.ts';
import { auditedChange } from '../../platform/audit.ts';
import { registerCall } from '../../platform/call.ts';
import { AppError } from '../../platform/errors.ts';
import { listedPasskey, passkeysOf, removePasskey, renamePasskey } from './passkey-store.ts';
import { reauthenticate, reauthSubject } from './reauthentication.ts';

/** The signed-in user's passkeys (account information → security). */
export function registerMyPasskeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const passkeyLog = (action: (typeof LOG_ACTION)[keyof typeof LOG_ACTION]) => ({ object: LOG_OBJECT.passkey, action });

  registerCall(app, MY_PASSKEY_CALLS.list, {}, async (request) => passkeysOf(db, request.actor.userId));

  registerCall(app, MY_PASSKEY_CALLS.reauthOptions, {}, async (request) =>
    authenticationOptions(db, ctx, reauthSubject(request.actor.userId), request.actor.userId),
  );

  registerCall(app, MY_PASSKEY_CALLS.registerOptions, {}, async (request) => {
    await reauthenticate(ctx, request, request.body, passkeyLog(LOG_ACTION.register));
    const { user } = request.actorRecord;
    return registrationOptions(db, ctx, { id: user.id, username: user.username, fullName: user.fullName || user.username });
  });

  registerCall(app, MY_PASSKEY_CALLS.register, {}, async (request) =>
    auditedChange(db, request, passkeyLog(LOG_ACTION.register), async (tx, note) => {
      note({ objectName: request.body.name });
      const row = await registerPasskey(tx, ctx, request.actor.userId, request.body.name, request.body.response);
      note({ objectId: row.id });
      return listedPasskey(row);
    }),
  );

  registerCall(app, MY_PASSKEY_CALLS.rename, {}, async (request) =>
    auditedChange(db, request, passkeyLog(LOG_ACTION.edit), async (tx, note) => {
      const { id, name } = request.body;
      note({ objectId: id, objectName: name });
      const renamed = await renamePasskey(tx, request.actor.userId, id, name);
      if (!renamed) throw new AppError('passkey.not_found');
      return renamed;
    }),
  );

  registerCall(app, MY_PASSKEY_CALLS.remove, {}, async (request) => {
    await reauthenticate(ctx, request, request.body.reauthentication, passkeyLog(LOG_ACTION.delete));
    return auditedChange(db, request, passkeyLog(LOG_ACTION.delete), async (tx, note) => {
      const row = await removePasskey(tx, request.actor.userId, request.body.id);
      if (!row) throw new AppError('passkey.not_found');
      note({ objectId: row.id, objectName: row.name });
      return true;
    });
  });
}
