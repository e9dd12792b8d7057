import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FACTOR_ADMIN_CALLS, LOG_ACTION, LOG_OBJECT } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { auditedChange } from '../../platform/audit.ts';
import { registerCall } from '../../platform/call.ts';
import { notFound } from '../../platform/errors.ts';
import { scopeOf } from '../../platform/resource/scope.ts';
import { findUnitUser } from '../user/unit-user-store.ts';
import { resetSecondFactors, secondFactorsOf } from './factor-admin-store.ts';

/** Filed as an edit of the unit's user, like the reset of their password. */
const audit = { object: LOG_OBJECT.userByUnit, action: LOG_ACTION.edit } as const;

/**
 * What a unit administrator sees of their users' passkeys and authenticator apps, and the
 * reset of them (a lost phone): audited, and the user is told by mail.
 */
export function registerFactorAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  registerCall(app, FACTOR_ADMIN_CALLS.list, {}, async (request) => {
    const ids = request.query.ids.split(',').filter((id) => z.uuid().safeParse(id).success).slice(0, 500);
    return secondFactorsOf(db, ids, scopeOf(request.actor));
  });

  registerCall(app, FACTOR_ADMIN_CALLS.reset, { audit }, async (request) => {
    const { userId, passkeys, app: resetApp } = request.body;
    return await auditedChange(db, request, audit, async (tx, note) => {
      const user = await findUnitUser(tx, userId, scopeOf(request.actor));
      if (!user) throw notFound();
      note({ objectId: user.id, objectName: user.username, unitId: user.unitId, content: `reset ${[passkeys && 'passkeys', resetApp && 'app'].filter(Boolean).join(', ')}` });
      await resetSecondFactors(tx, ctx, user, { passkeys, app: resetApp });
      return true;
    });
  });
}
