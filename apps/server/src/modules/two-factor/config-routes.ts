import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  acceptingRecord,
  codeSentSchema,
  envelopeSchema,
  TWO_FA_STATUS,
  twoFaConfigQuerySchema,
  twoFaConfigSchema,
  twoFaConfigUpdateSchema,
  twoFaStatusChangeSchema,
  twoFaStatusVerifySchema,
  type TwoFaConfig,
} from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import { twoFactorConfigs, units } from '../../db/schema/index.ts';
import { sendCodeByMail } from '../../identity/code-mail.ts';
import { policyFor } from '../../identity/two-factor-policy.ts';
import { CODE_PURPOSES, consumeCode } from '../../identity/verification-codes.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { languageOf } from '../../platform/language.ts';

async function assertUnitExists(db: Queryable, unitId: string | null): Promise<void> {
  if (!unitId) return;
  const [unit] = await db.select({ id: units.id }).from(units).where(eq(units.id, unitId));
  if (!unit) throw notFound();
}

async function savePolicy(db: Queryable, unitId: string | null, change: Partial<Omit<TwoFaConfig, 'unitId'>>): Promise<TwoFaConfig> {
  const current = await policyFor(db, unitId);
  // A unit without its own row starts from the default it inherited.
  const next = { ...current, ...change, unitId };
  await db
    .insert(twoFactorConfigs)
    .values({ unitId, status: next.status, trigger: next.trigger, recurrenceDays: next.recurrenceDays, requiredFactor: next.requiredFactor })
    .onConflictDoUpdate({
      target: twoFactorConfigs.unitId,
      set: { status: next.status, trigger: next.trigger, recurrenceDays: next.recurrenceDays, requiredFactor: next.requiredFactor },
    });
  return next;
}

/**
 * /TwoFAConfig: the platform administrators' two-factor policy, per unit or as the default.
 * Turning it on or off is confirmed with a code e-mailed to the administrator who asks.
 */
export function registerTwoFaConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const subjectOf = (userId: string, unitId: string | null) => `${userId}:${unitId ?? 'default'}`;

  routes.get(
    '/api/TwoFAConfig/GetConfig',
    { config: { access: 'SYSTEM_TWOFA_LIST' }, schema: { tags: ['TwoFAConfig'], querystring: twoFaConfigQuerySchema, response: { 200: envelopeSchema(twoFaConfigSchema) } } },
    async (request) => {
      const unitId = request.query.unitId ?? null;
      await assertUnitExists(db, unitId);
      return ok({ ...(await policyFor(db, unitId)), unitId });
    },
  );

  routes.post(
    '/api/TwoFAConfig/AddUpdate',
    { config: { access: 'SYSTEM_TWOFA_UPDATE' }, schema: { tags: ['TwoFAConfig'], body: acceptingRecord(twoFaConfigUpdateSchema, twoFaConfigSchema), response: { 200: envelopeSchema(twoFaConfigSchema) } } },
    async (request) => {
      const { unitId, trigger, recurrenceDays, requiredFactor } = request.body;
      await assertUnitExists(db, unitId);
      return ok(await savePolicy(db, unitId, { trigger, recurrenceDays: trigger === 'recurring' ? recurrenceDays : null, requiredFactor }));
    },
  );

  routes.post(
    '/api/TwoFAConfig/UpdateStatus',
    { config: { access: 'SYSTEM_TWOFA_UPDATE' }, schema: { tags: ['TwoFAConfig'], body: twoFaStatusChangeSchema, response: { 200: envelopeSchema(codeSentSchema) } } },
    async (request) => {
      const { unitId, status } = request.body;
      await assertUnitExists(db, unitId);
      const { user } = request.actorRecord;
      return ok(
        await sendCodeByMail(
          db,
          ctx.mailer,
          { purpose: CODE_PURPOSES.twoFactorPolicy, subject: subjectOf(user.id, unitId), payload: { status } },
          { email: user.email, language: languageOf(request) },
        ),
      );
    },
  );

  routes.post(
    '/api/TwoFAConfig/VerifyUpdate',
    { config: { access: 'SYSTEM_TWOFA_UPDATE' }, schema: { tags: ['TwoFAConfig'], body: twoFaStatusVerifySchema, response: { 200: envelopeSchema(twoFaConfigSchema) } } },
    async (request) => {
      const { unitId, status, code } = request.body;
      const asked = await consumeCode<{ status: number }>(db, CODE_PURPOSES.twoFactorPolicy, subjectOf(request.actor.userId, unitId), code);
      // The code confirms the change it was sent for, not another one.
      if (asked.status !== status) throw new AppError('verification.failed');
      return ok(await savePolicy(db, unitId, { status: status === TWO_FA_STATUS.enabled ? TWO_FA_STATUS.enabled : TWO_FA_STATUS.disabled }));
    },
  );
}
