import type { FastifyInstance } from 'fastify';
import { LOG_ACTION, LOG_OBJECT, USER_CALLS } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { auditedChange, describeInput } from '../../platform/audit.ts';
import { registerCall } from '../../platform/call.ts';
import { notFound } from '../../platform/errors.ts';
import { scopeOf, unitForWrite } from '../../platform/resource/scope.ts';
import { pageOf } from '../../platform/resource/search.ts';
import { updateAccount } from './account-core.ts';
import { findUnitUser, reportToOptions, resetUnitUserPassword } from './unit-user-store.ts';

const audit = { object: LOG_OBJECT.userByUnit, action: LOG_ACTION.edit } as const;

/** The hand-written calls beside the unit users' standard ones. */
export function registerUnitAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** Platform staff edit a unit administrator's own details (not their unit or role). */
  registerCall(app, USER_CALLS.updateUnitAdmin, { audit }, async (request) =>
    (
      await auditedChange(ctx.db, request, audit, async (tx, note, afterCommit) => {
        const input = request.body;
        const admin = await findUnitUser(tx, input.id, scopeOf(request.actor));
        if (!admin?.isAdmin) throw notFound();
        note({ objectId: admin.id, objectName: admin.username, unitId: admin.unitId, content: describeInput(input) });
        // The person, the description and the export option: role and status stay as they are.
        const op = { actor: request.actor, app: ctx, afterCommit };
        const allowExport = input.allowExport ?? admin.allowExport;
        await updateAccount(tx, op, admin, { person: input, columns: { description: input.description, allowExport }, status: admin.status, guardedChanged: allowExport !== admin.allowExport });
        return true;
      })
  ));

  registerCall(app, USER_CALLS.resetUnitUserPassword, { audit }, async (request) =>
    (
      await auditedChange(ctx.db, request, audit, async (tx, note, afterCommit) => {
        const user = await findUnitUser(tx, request.body.id, scopeOf(request.actor));
        if (!user) throw notFound();
        note({ objectId: user.id, objectName: user.username, unitId: user.unitId, content: 'reset password' });
        await resetUnitUserPassword(tx, user, { request, actor: request.actor, scope: scopeOf(request.actor), app: ctx, note, afterCommit });
        return true;
      })
  ));

  /** Whom a unit's user can report to: the users of that unit, searched a page at a time. */
  registerCall(app, USER_CALLS.reportTo, {}, async (request) => {
    const unitId = unitForWrite(scopeOf(request.actor), request.query.unitId, 'querystring.unitId');
    return reportToOptions(ctx.db, unitId, request.query, pageOf(request.query));
  });
}
