import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../db/client.ts';
import { revokeGrant } from './adapter.ts';
import { signInRefusal } from './entitlement.ts';
import { errors } from './oidc-provider-module.ts';
import { SPA_CLIENT_ID } from './resources.ts';

/**
 * The entitlement rule at the token endpoint: a service client's code exchange and every refresh
 * ask the same function as its authorization request (the `entitlement` prompt). When it says
 * no, the grant is revoked with everything it issued (its refresh tokens, codes and tokens) and
 * the answer is `invalid_grant`: the app's next sign-in stops on the portal's page that says why.
 * Called from the provider's `findAccount`, which the grant handlers call for the code or refresh
 * token being redeemed (`token`).
 */
export async function refuseUnentitledGrant(
  deps: { db: Database; clock: Clock },
  ctx: KoaContextWithOIDC,
  accountId: string,
  token: { grantId?: string | undefined } | undefined,
): Promise<void> {
  const clientId = ctx.oidc.client?.clientId;
  if (ctx.oidc.route !== 'token' || !clientId || clientId === SPA_CLIENT_ID) return;
  const refusal = await signInRefusal(deps.db, deps.clock.now(), accountId, clientId);
  if (!refusal) return;
  if (token?.grantId) {
    await revokeGrant(deps.db, token.grantId);
    ctx.oidc.provider.emit('grant.revoked', ctx, token.grantId);
  }
  throw new errors.InvalidGrant(`${refusal}: the grant is revoked`);
}
