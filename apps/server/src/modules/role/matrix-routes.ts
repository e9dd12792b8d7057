import type { FastifyInstance } from 'fastify';
import { LOG_ACTION, type PermissionMatrixCalls } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { auditedChange, describeInput, type LogObject } from '../../platform/audit.ts';
import { registerCall } from '../../platform/call.ts';
import { notFound } from '../../platform/errors.ts';
import { permissionMatrix, savePermissions, type MatrixRole } from './permission-matrix.ts';

/** One kind of role whose permission matrix is read and saved: system roles, agency roles. */
export interface MatrixRoutes {
  /** Its two calls, named in the contracts (path, access, body and answer). */
  calls: PermissionMatrixCalls;
  /** Action-log category of a save. */
  logObject: LogObject;
  /** The role, when the caller may reach it. */
  find: (db: Queryable, roleId: string, actor: Actor) => Promise<(MatrixRole & { name: string }) | undefined>;
}

/** The permission matrix calls of one kind of role: get it, and replace what the role holds (logged). */
export function registerMatrixRoutes(app: FastifyInstance, ctx: AppContext, kind: MatrixRoutes): void {
  registerCall(app, kind.calls.get, {}, async (request) => {
    const role = await kind.find(ctx.db, request.query.roleId, request.actor);
    if (!role) throw notFound();
    return permissionMatrix(ctx.db, role);
  });

  const audit = { object: kind.logObject, action: LOG_ACTION.edit };
  registerCall(app, kind.calls.save, { audit }, async (request) =>
    auditedChange(ctx.db, request, audit, async (tx, note) => {
      const role = await kind.find(tx, request.body.roleId, request.actor);
      if (!role) throw notFound();
      note({ objectId: role.id, objectName: role.name, unitId: null, content: describeInput(request.body.permissions) });
      await savePermissions(tx, role, request.body.permissions, request.actor);
      return true;
    }),
  );
}
