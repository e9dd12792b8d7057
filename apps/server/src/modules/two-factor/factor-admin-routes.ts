import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { envelopeSchema, factorResetSchema, LOG_ACTION, LOG_OBJECT, userFactorsSchema } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import { passkeys, users, userTotp } from '../../db/schema/index.ts';
import { signinPage } from '../../identity/provider.ts';
import { auditedChange } from '../../platform/audit.ts';
import { ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { scopeOf, withinScope } from '../../platform/resource/scope.ts';
import { findUnitUser } from '../user/unit-user-store.ts';

/** Filed as an edit of the unit's user, like the reset of their password. */
const audit = { object: LOG_OBJECT.userByUnit, action: LOG_ACTION.edit } as const;

const FACTOR_WORDS = {
  vi: { passkeys: 'các khóa truy cập (passkey)', app: 'ứng dụng xác thực', both: 'các khóa truy cập (passkey) và ứng dụng xác thực' },
  en: { passkeys: 'the passkeys', app: 'the authenticator app', both: 'the passkeys and the authenticator app' },
} as const;

/**
 * What a unit administrator sees of their users' passkeys and authenticator apps, and the
 * reset of them (a lost phone): audited, and the user is told by mail.
 */
export function registerFactorAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  routes.get(
    '/api/User/GetSecondFactors',
    { config: { access: 'USER_USERUNIT_LIST' }, schema: { tags: ['UnitUser'], querystring: z.strictObject({ ids: z.string().max(20_000) }), response: { 200: envelopeSchema(z.array(userFactorsSchema)) } } },
    async (request) => {
      const ids = request.query.ids.split(',').filter((id) => z.uuid().safeParse(id).success).slice(0, 500);
      if (ids.length === 0) return ok([]);
      const visible = and(inArray(users.id, ids), withinScope(users.unitId, scopeOf(request.actor)));
      const [keys, apps, shown] = await Promise.all([
        db.select({ userId: passkeys.userId, n: count() }).from(passkeys).innerJoin(users, eq(users.id, passkeys.userId)).where(visible).groupBy(passkeys.userId),
        db.select({ userId: userTotp.userId }).from(userTotp).innerJoin(users, eq(users.id, userTotp.userId)).where(and(visible, isNotNull(userTotp.confirmedAt))),
        db.select({ id: users.id }).from(users).where(visible),
      ]);
      // Another unit's user is unknown here, as everywhere.
      if (shown.length !== new Set(ids).size) throw notFound();
      return ok(shown.map(({ id }) => ({ userId: id, passkeys: keys.find((k) => k.userId === id)?.n ?? 0, app: apps.some((a) => a.userId === id) })));
    },
  );

  routes.post(
    '/api/User/ResetSecondFactors',
    { config: { access: 'USER_USERUNIT_EDIT', audit }, schema: { tags: ['UnitUser'], body: factorResetSchema, response: { 200: envelopeSchema(z.boolean()) } } },
    async (request) => {
      const { userId, passkeys: resetKeys, app: resetApp } = request.body;
      return ok(
        await auditedChange(db, request, audit, async (tx, note) => {
          const user = await findUnitUser(tx, userId, scopeOf(request.actor));
          if (!user) throw notFound();
          note({ objectId: user.id, objectName: user.username, unitId: user.unitId, content: `reset ${[resetKeys && 'passkeys', resetApp && 'app'].filter(Boolean).join(', ')}` });
          if (resetKeys) await tx.delete(passkeys).where(eq(passkeys.userId, user.id));
          if (resetApp) await tx.delete(userTotp).where(eq(userTotp.userId, user.id));
          if (!resetKeys && !resetApp) return true;
          const [row] = await tx.select({ language: users.language }).from(users).where(eq(users.id, user.id));
          const language = row?.language ?? 'vi';
          const words = FACTOR_WORDS[language][resetKeys && resetApp ? 'both' : resetKeys ? 'passkeys' : 'app'];
          await ctx.mailer.send(tx, {
            kind: 'secondFactorsReset',
            to: user.email,
            language,
            params: { username: user.username, factors: words, signinUrl: signinPage(ctx.config.publicUrl) },
          });
          return true;
        }),
      );
    },
  );
}
