import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, LOG_ACTION, LOG_OBJECT, SIGN_OUT_EVERYWHERE_PATHS, userIdSchema } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { auditedChange } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
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
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const schema = { body: userIdSchema, response: { 200: envelopeSchema(z.boolean()) } };

  routes.post(
    `/api${SIGN_OUT_EVERYWHERE_PATHS.unitUser}`,
    { config: { access: 'USER_USERUNIT_EDIT', audit: unitUserAudit }, schema: { tags: ['UnitUser'], ...schema } },
    async (request) =>
      ok(
        await auditedChange(ctx.db, request, unitUserAudit, async (tx, note, afterCommit) => {
          const user = await findUnitUser(tx, request.body.id, scopeOf(request.actor));
          if (!user) throw notFound();
          note({ objectId: user.id, objectName: user.username, unitId: user.unitId, content: SIGNED_OUT });
          await endSessions(tx, user.id, { app: ctx, afterCommit });
          return true;
        }),
      ),
  );

  routes.post(
    `/api${SIGN_OUT_EVERYWHERE_PATHS.adminAccount}`,
    { config: { access: 'SYSTEM_ADMINACCOUNT_EDIT', audit: adminAccountAudit }, schema: { tags: ['AdminAccount'], ...schema } },
    async (request) =>
      ok(
        await auditedChange(ctx.db, request, adminAccountAudit, async (tx, note, afterCommit) => {
          const account = await adminAccountStore.find(tx, request.body.id, scopeOf(request.actor));
          if (!account) throw notFound();
          refuseUnlessIam(request.actor, account);
          note({ objectId: account.id, objectName: account.username, unitId: null, content: SIGNED_OUT });
          await endSessions(tx, account.id, { app: ctx, afterCommit });
          return true;
        }),
      ),
  );
}
