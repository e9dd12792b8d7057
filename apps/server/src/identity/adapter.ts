import { and, eq, gt, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database, Queryable } from '../db/client.ts';
import { integrations, oidcPayloads, services } from '../db/schema/index.ts';
import { enqueueDeliveries } from '../modules/provisioning/queue.ts';
import type { SecretBox } from '../platform/secrets.ts';
import { serviceClientMetadata } from './service-clients.ts';

/**
 * oidc-provider's storage in the database, so sessions, grants and codes survive restarts
 * and are shared by every instance.
 */
export function databaseAdapter(db: Database, secrets: SecretBox): new (model: string) => Adapter {
  return class DatabaseAdapter implements Adapter {
    private readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        type: this.model,
        id,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        accountId: payload.accountId ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayloads)
        .values(row)
        .onConflictDoUpdate({ target: [oidcPayloads.type, oidcPayloads.id], set: { ...row, consumedAt: null } });
    }

    private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(
          and(
            eq(oidcPayloads.type, this.model),
            condition,
            or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date())),
          ),
        )
        .limit(1);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    }

    find(id: string) {
      // Clients other than the SPA are the services registered with a redirect link.
      if (this.model === 'Client') return serviceClientMetadata(db, secrets, id);
      return this.findWhere(eq(oidcPayloads.id, id));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oidcPayloads.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcPayloads.userCode, userCode));
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayloads.type, this.model), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, this.model), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
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
