import type { FastifyInstance } from 'fastify';
import { LOG_ACTION, LOG_OBJECT, USER_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { auditedChange } from '../../platform/audit.ts';
import { registerCall } from '../../platform/call.ts';
import { notFound } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/resource/scope.ts';
import { endSessions, refuseUnlessIam } from './account-changes.ts';
import { adminAccountStore } from './admin-account-store.ts';
import { findUnitUser } from './unit-user-store.ts';

const unitUserAudit = { object: LOG_OBJECT.userByUnit, action: LOG_ACTION.edit } as const;
const adminAccountAudit = { object: LOG_OBJECT.user, action: LOG_ACTION.edit } as const;
const SIGNED_OUT = 'sign out everywhere';

/**
 * An administrator's "sign this user out everywhere": the account's provider sessions, grants
 * and refresh tokens end, its access tokens are refused on every instance at once (the grants'
 * rows go, and tokens_valid_after moves), every app it signed into hears it by back-channel
 * logout, and its open tabs by the live connection. Audited as an edit of the account.
 */
export function registerSignOutRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCall(app, USER_CALLS.signOutUnitUser, { audit: unitUserAudit }, async (request) =>
    auditedChange(ctx.db, request, unitUserAudit, async (tx, note, afterCommit) => {
      const user = await findUnitUser(tx, request.body.id, scopeOf(request.actor));
      if (!user) throw notFound();
      note({ objectId: user.id, objectName: user.username, unitId: user.unitId, content: SIGNED_OUT });
      await endSessions(tx, user.id, { app: ctx, afterCommit });
      return true;
    }),
  );

  registerCall(app, USER_CALLS.signOutAdminAccount, { audit: adminAccountAudit }, async (request) =>
    auditedChange(ctx.db, request, adminAccountAudit, async (tx, note, afterCommit) => {
      const account = await adminAccountStore.find(tx, request.body.id, scopeOf(request.actor));
      if (!account) throw notFound();
      refuseUnlessIam(request.actor, account);
      note({ objectId: account.id, objectName: account.username, unitId: null, content: SIGNED_OUT });
      await endSessions(tx, account.id, { app: ctx, afterCommit });
      return true;
    }),
  );
}
