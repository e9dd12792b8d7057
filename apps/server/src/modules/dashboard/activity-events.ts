import { and, desc, eq, isNull } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import type { Database } from '../../db/client.ts';
import { serviceAccesses, userDevices, users } from '../../db/schema/index.ts';
import { SPA_CLIENT_ID } from '../../identity/provider.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import { countActivity } from './activity-counters.ts';
import { activityDay } from './activity-day.ts';

interface Deps {
  db: Database;
  realtime: Pick<Realtime, 'activityChanged'>;
  clock: Clock;
  log: { error: (details: object, message: string) => void };
}

/**
 * The dashboard's own hooks on the provider: every authorization answered to a service app
 * (a sign-in into it through the portal) is a service access, and every sign-out ends the
 * user's newest open device-log row. Each writes its raw row and its counter together.
 */
export function countProviderActivity(provider: Provider, deps: Deps): void {
  const failed = (what: string) => (error: unknown) => deps.log.error({ err: error }, `counting a ${what} failed`);

  provider.on('authorization.success', (ctx) => {
    const clientId = ctx.oidc.client?.clientId;
    const accountId = ctx.oidc.session?.accountId;
    if (!clientId || !accountId || clientId === SPA_CLIENT_ID) return;
    recordServiceAccess(deps, accountId, clientId, deps.clock.now()).catch(failed('service access'));
  });

  provider.on('end_session.success', (ctx) => {
    const accountId = ctx.oidc.session?.accountId;
    if (accountId) recordSignOut(deps, accountId, deps.clock.now()).catch(failed('sign-out'));
  });
}

export async function recordServiceAccess(deps: Deps, userId: string, serviceCode: string, at: Date): Promise<void> {
  const unitId = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select({ unitId: users.unitId }).from(users).where(eq(users.id, userId));
    if (!user) return undefined;
    await tx.insert(serviceAccesses).values({ userId, unitId: user.unitId, serviceCode, accessedAt: at });
    await countActivity(tx, { metric: 'service_access', unitId: user.unitId, serviceCode, at });
    return user.unitId;
  });
  if (unitId !== undefined) deps.realtime.activityChanged({ kind: 'sign_in', unitId, day: activityDay(at) });
}

export async function recordSignOut(deps: Deps, userId: string, at: Date): Promise<void> {
  const ended = await deps.db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: userDevices.id, unitId: userDevices.unitId })
      .from(userDevices)
      .where(and(eq(userDevices.userId, userId), isNull(userDevices.signedOutAt)))
      .orderBy(desc(userDevices.signedInAt))
      .limit(1);
    if (!open) return undefined;
    await tx.update(userDevices).set({ signedOutAt: at }).where(eq(userDevices.id, open.id));
    await countActivity(tx, { metric: 'sign_out', unitId: open.unitId, at });
    return open;
  });
  if (ended) deps.realtime.activityChanged({ kind: 'sign_out', unitId: ended.unitId, day: activityDay(at) });
}
