import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database, Queryable } from '../db/client.ts';
import { integrations, oidcPayloads, services } from '../db/schema/index.ts';
import { enqueueDeliveries } from '../platform/outbox/provisioning-queue.ts';
import type { SecretBox } from '../platform/secrets.ts';
import { serviceClientMetadata } from './service-clients.ts';

const param = (name: string) => sql.placeholder(name);

/**
 * The adapter's statements, built once and prepared (named statements on PostgreSQL): a
 * sign-in runs about fifteen of them, and building each anew cost more CPU than running it.
 */
function preparedStatements(db: Database) {
  const live = or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, param('now')));
  const findBy = (name: string, column: typeof oidcPayloads.id | typeof oidcPayloads.uid | typeof oidcPayloads.userCode) =>
    db
      .select()
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.type, param('type')), eq(column, param('key')), live))
      .limit(1)
      .prepare(name);
  const row = {
    type: param('type'),
    id: param('id'),
    payload: param('payload'),
    grantId: param('grantId'),
    userCode: param('userCode'),
    uid: param('uid'),
    accountId: param('accountId'),
    expiresAt: param('expiresAt'),
  };
  const byTypeAndId = and(eq(oidcPayloads.type, param('type')), eq(oidcPayloads.id, param('id')));
  return {
    findById: findBy('oidc_find_by_id', oidcPayloads.id),
    findByUid: findBy('oidc_find_by_uid', oidcPayloads.uid),
    findByUserCode: findBy('oidc_find_by_user_code', oidcPayloads.userCode),
    upsert: db
      .insert(oidcPayloads)
      .values(row)
      .onConflictDoUpdate({
        target: [oidcPayloads.type, oidcPayloads.id],
        set: {
          payload: sql`excluded.payload`,
          grantId: sql`excluded.grant_id`,
          userCode: sql`excluded.user_code`,
          uid: sql`excluded.uid`,
          accountId: sql`excluded.account_id`,
          expiresAt: sql`excluded.expires_at`,
          consumedAt: null,
        },
      })
      .prepare('oidc_upsert'),
    consume: db.update(oidcPayloads).set({ consumedAt: sql`now()` }).where(byTypeAndId).prepare('oidc_consume'),
    destroy: db.delete(oidcPayloads).where(byTypeAndId).prepare('oidc_destroy'),
  };
}

/**
 * oidc-provider's storage in the database, so sessions, grants and codes survive restarts
 * and are shared by every instance.
 */
export function databaseAdapter(db: Database, secrets: SecretBox): new (model: string) => Adapter {
  const statements = preparedStatements(db);
  return class DatabaseAdapter implements Adapter {
    private readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await statements.upsert.execute({
        type: this.model,
        id,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        accountId: payload.accountId ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      });
    }

    private async findWhere(statement: ReturnType<typeof preparedStatements>['findById'], key: string): Promise<AdapterPayload | undefined> {
      const [row] = await statement.execute({ type: this.model, key, now: new Date() });
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }

    find(id: string) {
      // Clients other than the SPA are the services registered with a redirect link.
      if (this.model === 'Client') return serviceClientMetadata(db, secrets, id);
      return this.findWhere(statements.findById, id);
    }

    findByUid(uid: string) {
      return this.findWhere(statements.findByUid, uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere(statements.findByUserCode, userCode);
    }

    async consume(id: string): Promise<void> {
      await statements.consume.execute({ type: this.model, id });
    }

    async destroy(id: string): Promise<void> {
      await statements.destroy.execute({ type: this.model, id });
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}

/**
 * Ends a grant: the grant itself and every code, refresh token and access token issued under it.
 * Deleting the grant's row tells every instance (migration 0028), so its access tokens stop
 * working on the API at once (identity/live-grants.ts).
 */
export async function revokeGrant(db: Queryable, grantId: string): Promise<void> {
  await db.delete(oidcPayloads).where(or(eq(oidcPayloads.grantId, grantId), and(eq(oidcPayloads.type, 'Grant'), eq(oidcPayloads.id, grantId))));
}

/** Removes what has expired; run now and then, not on the request path. */
export async function purgeExpiredPayloads(db: Database): Promise<void> {
  await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()));
}

/**
 * Ends the provider sessions, grants and tokens of an account (password change or reset) and
 * answers the grants it ended. `keepGrantId` spares the browser the change was made from:
 * its session and every grant that session holds.
 */
/**
 * Queues an OpenID Connect back-channel logout for every client that signed in through the
 * given provider sessions; the provisioning worker delivers them with retries (to the clients
 * that have a back-channel logout URI), so an app that is down hears of it when it is back.
 */
async function enqueueBackchannelLogouts(db: Queryable, accountId: string, sessions: unknown[]): Promise<void> {
  const logouts = sessions.flatMap((payload) =>
    Object.entries((payload as { authorizations?: Record<string, { sid?: string }> }).authorizations ?? {}).flatMap(([clientId, { sid }]) =>
      sid ? [{ clientId, sid }] : [],
    ),
  );
  if (logouts.length === 0) return;
  // Only apps that asked for it (a back-channel logout URI in their integration) are told.
  const listening = await db
    .select({ code: services.code })
    .from(services)
    .innerJoin(integrations, and(eq(integrations.serviceId, services.id), isNull(integrations.unitId)))
    .where(and(inArray(services.code, [...new Set(logouts.map((l) => l.clientId))]), isNotNull(integrations.backchannelLogoutUri)));
  const codes = new Set(listening.map((row) => row.code));
  await enqueueDeliveries(
    db,
    logouts.filter(({ clientId }) => codes.has(clientId)).map(({ clientId, sid }) => ({ unitId: null, serviceId: null, objectType: 'logout' as const, objectId: `${clientId}:${sid}`, payload: { clientId, sub: accountId, sid } })),
  );
}

export async function revokeAccountSessions(db: Queryable, accountId: string, keepGrantId?: string): Promise<string[]> {
  const rows = await db
    .select({ type: oidcPayloads.type, id: oidcPayloads.id, grantId: oidcPayloads.grantId, payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(eq(oidcPayloads.accountId, accountId));
  const grantsOf = (payload: unknown) =>
    Object.values((payload as { authorizations?: Record<string, { grantId?: string }> }).authorizations ?? {}).flatMap((a) =>
      a.grantId ? [a.grantId] : [],
    );
  const keptSessions = new Set<string>();
  const keptGrants = new Set<string>(keepGrantId ? [keepGrantId] : []);
  for (const row of rows) {
    if (row.type === 'Session' && keepGrantId && grantsOf(row.payload).includes(keepGrantId)) {
      keptSessions.add(row.id);
      grantsOf(row.payload).forEach((grantId) => keptGrants.add(grantId));
    }
  }
  const ended = rows.filter((row) => {
    if (row.type === 'Session') return !keptSessions.has(row.id);
    const grantId = row.type === 'Grant' ? row.id : row.grantId;
    return !grantId || !keptGrants.has(grantId);
  });
  for (const row of ended) {
    await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, row.type), eq(oidcPayloads.id, row.id)));
  }
  // The service apps signed in through the ended sessions end theirs too (back-channel logout).
  await enqueueBackchannelLogouts(db, accountId, ended.filter((row) => row.type === 'Session').map((row) => row.payload));
  return [...new Set(ended.flatMap((row) => (row.type === 'Grant' ? [row.id] : row.grantId ? [row.grantId] : [])))];
}
