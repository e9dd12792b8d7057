import type { FastifyInstance } from 'fastify';
import { adminAccountResource, unitUserResource, USER_CALLS } from '@portal/contracts';
import { registerResource } from '../../platform/resource/register.ts';
import { adminAccountStore } from './admin-account-store.ts';
import { registerUnitAdminRoutes } from './unit-admin-routes.ts';
import { registerSignOutRoutes } from './sign-out-routes.ts';
import { unitUserStore } from './unit-user-store.ts';
import type { AppContext } from '../../app-context.ts';
import { InvalidatingCache } from '../../platform/cache/invalidating-cache.ts';
import { ok } from '../../platform/envelope.ts';
import { registerCall } from '../../platform/call.ts';
import { SerializedAnswer } from '../../platform/compression.ts';
import { cachedMenuRows, menusFor } from './menus.ts';
import { profileOf } from './profile.ts';
import { accountOf } from '../../platform/cache/invalidation.ts';

/** A set of permissions as a cache key, made once per set (an actor's set lives as long as its cached record). */
const keysOfPermissionSets = new WeakMap<ReadonlySet<string>, string>();
function permissionsKey(permissions: ReadonlySet<string>): string {
  let key = keysOfPermissionSets.get(permissions);
  if (key === undefined) keysOfPermissionSets.set(permissions, (key = [...permissions].sort().join(',')));
  return key;
}

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, adminAccountResource, adminAccountStore);
  registerResource(app, ctx, unitUserResource, unitUserStore);
  registerUnitAdminRoutes(app, ctx);
  registerSignOutRoutes(app, ctx);
  const menuRows = cachedMenuRows(ctx.db, ctx.invalidation);
  // The two calls every screen makes, kept serialised: a profile until its account changes
  // (or a minute of the server's clock passes: the trial's days left are counted on it), a
  // menu per set of permissions until a role, permission or menu changes.
  const profiles = new InvalidatingCache<string, SerializedAnswer>(ctx.invalidation, { keyOf: accountOf, ttlMs: 60_000, max: 20_000, clock: ctx.clock });
  const menuAnswers = new InvalidatingCache<string, SerializedAnswer>(ctx.invalidation, { keyOf: () => undefined, ttlMs: 10 * 60_000, max: 1_000 });

  registerCall(app, USER_CALLS.profile, {}, async (request, reply) => {
    const answer = await profiles.get(request.actor.userId, async () => new SerializedAnswer(JSON.stringify(ok(profileOf(request.actorRecord, ctx.clock.now())))));
    return answer.send(request, reply);
  });

  registerCall(app, USER_CALLS.menus, {}, async (request, reply) => {
    const answer = await menuAnswers.get(permissionsKey(request.actor.permissions), async () => new SerializedAnswer(JSON.stringify(ok(menusFor(await menuRows(), request.actor)))));
    return answer.send(request, reply);
  });
}
