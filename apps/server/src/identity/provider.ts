import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { Provider, interactionPolicy } from './oidc-provider-module.ts';
import { BASE_PATH, PORTAL_NAME, ROUTES, SESSION } from '@portal/contracts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { databaseAdapter } from './adapter.ts';
import type { ActorLoader } from '../platform/actor.ts';
import { findActiveAccount } from './accounts.ts';
import { accountWithClaims, GRANTED_OIDC_SCOPES, SCOPE_CLAIMS } from './claims.ts';
import { refuseUnentitledGrant } from './grant-entitlement.ts';
import { PORTAL_TOKEN_ALG, type ProviderKeys } from './keys.ts';
import { API_SCOPE, resourceIndicators, SERVICE_API_SCOPE, SERVICE_RESOURCE_METADATA, serviceResourceOf, SPA_CLIENT_ID, type PortalResources } from './resources.ts';
import type { Clock } from '../platform/clock.ts';
import type { SecretBox } from '../platform/secrets.ts';
import type { Outbound } from '../platform/outbound/outbound.ts';
import { signInRefusal, type SignInRefusal } from './entitlement.ts';
import { logoutPage, errorPage, signedOutPage } from './pages.ts';

export { API_SCOPE, SPA_CLIENT_ID } from './resources.ts';

export interface IdentityUrls extends PortalResources {
  issuer: string;
  spaRedirectUri: string;
  spaPostLogoutRedirectUri: string;
}

/** The SPA's sign-in page: where mail sends people and where sign-out lands. */
export function signinPage(publicUrl: string): string {
  return `${publicUrl}${BASE_PATH}${ROUTES.signin}`;
}

export function identityUrls(config: Pick<Config, 'publicUrl'>): IdentityUrls {
  return {
    issuer: `${config.publicUrl}/oidc`,
    apiResource: `${config.publicUrl}/api`,
    notificationResource: `${config.publicUrl}/api/Notification`,
    spaRedirectUri: `${config.publicUrl}${BASE_PATH}${ROUTES.signinCallback}`,
    spaPostLogoutRedirectUri: signinPage(config.publicUrl),
  };
}

/**
 * Every client of this provider is first-party (the portal and the suite's own services),
 * so the grant is made here instead of on a consent screen: the OIDC scopes, and the one
 * resource the client may ask tokens for — the portal API for the portal's web client, a
 * service's own registered API for that service's app.
 */
async function grantFirstParty(ctx: KoaContextWithOIDC, apiResource: string) {
  const { oidc } = ctx;
  const clientId = oidc.client!.clientId;
  const accountId = oidc.session!.accountId!;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  const grant = existing?.accountId === accountId ? existing : new oidc.provider.Grant({ clientId, accountId });
  grant.addOIDCScope(GRANTED_OIDC_SCOPES);
  if (clientId === SPA_CLIENT_ID) grant.addResourceScope(apiResource, API_SCOPE);
  const ownResource = serviceResourceOf(oidc.client!);
  if (ownResource) grant.addResourceScope(ownResource, SERVICE_API_SCOPE);
  await grant.save();
  return grant;
}

/** The prompt that stops a sign-in into a service the user may not open now; its details name why. */
export const ENTITLEMENT_PROMPT = 'entitlement';

/**
 * The provider's prompts plus one after login: once the account is known (a fresh login or the
 * portal's session), a service app's sign-in stops on a portal page instead of issuing a code
 * when the unit has no usable pack with the service, its access is off or the user holds no grant.
 */
function entitlementPolicy(db: Database, clock: Clock) {
  const { Prompt, Check, base } = interactionPolicy;
  const policy = base();
  const refusals = new WeakMap<KoaContextWithOIDC, SignInRefusal>();
  const check = new Check(
    'service_not_entitled',
    'the user may not open this service now',
    async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId || clientId === SPA_CLIENT_ID) return Check.NO_NEED_TO_PROMPT;
      const refusal = await signInRefusal(db, clock.now(), accountId, clientId);
      if (!refusal) return Check.NO_NEED_TO_PROMPT;
      refusals.set(ctx, refusal);
      return Check.REQUEST_PROMPT;
    },
    (ctx) => ({ refusal: refusals.get(ctx) }),
  );
  policy.add(new Prompt({ name: ENTITLEMENT_PROMPT, requestable: false }, check), policy.findIndex((prompt) => prompt.name === 'consent'));
  return policy;
}

export function createProvider(deps: { config: Config; db: Database; keys: ProviderKeys; secrets: SecretBox; clock: Clock; actors: ActorLoader; outbound: Outbound }): Provider {
  const { config, db, keys, secrets, clock } = deps;
  const urls = identityUrls(config);
  const secureCookies = config.publicUrl.startsWith('https://');

  const configuration: Configuration = {
    adapter: databaseAdapter(db, secrets),
    clients: [
      {
        client_id: SPA_CLIENT_ID,
        client_name: PORTAL_NAME,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [urls.spaRedirectUri],
        post_logout_redirect_uris: [urls.spaPostLogoutRedirectUri],
        id_token_signed_response_alg: PORTAL_TOKEN_ALG,
      },
    ],
    jwks: { keys: keys.signing as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      keys: keys.cookies,
      long: { httpOnly: true, sameSite: 'lax', secure: secureCookies, signed: true },
      short: { httpOnly: true, sameSite: 'lax', secure: secureCookies, signed: true },
    },
    claims: Object.fromEntries(Object.entries(SCOPE_CLAIMS).map(([scope, claims]) => [scope, [...claims]])),
    // The ID token carries the claims of the scopes granted even when a userinfo token comes
    // with it, as it did before the apps got one: an app reading the name from it keeps working.
    conformIdTokenClaims: false,
    // A service's own API as a resource (RFC 8707): its registered address (serviceClientMetadata).
    extraClientMetadata: { properties: [SERVICE_RESOURCE_METADATA] },
    // Every URL the provider calls here is a service app's back-channel logout URI that a
    // platform administrator set: it goes through the portal's outbound guard, as every call
    // made on an administrator's say does, in place of the provider's own (same rules, but
    // OUTBOUND_ALLOWED_HOSTS can name the apps that live on private networks).
    fetch: (url, options) => {
      const { dispatcher: _providerGuard, ...rest } = options as RequestInit & { dispatcher?: unknown };
      return deps.outbound.fetch(url as string | URL, rest as never) as unknown as Promise<Response>;
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      // Service apps with a back-channel logout URI (their integration) hear when a session ends.
      backchannelLogout: { enabled: true },
      resourceIndicators: resourceIndicators(urls),
      // A service app with a secret calls the portal's notification push with its own token.
      clientCredentials: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = logoutPage(form, { autoSubmit: Boolean(ctx.oidc.params?.id_token_hint) });
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = signedOutPage(config.publicUrl);
        },
      },
    },
    interactions: {
      url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}`,
      policy: entitlementPolicy(db, clock),
    },
    // The grant handlers ask for the account of the code or refresh token they redeem: the
    // entitlement rule is checked there too, so a refresh ends with the unit's pack.
    findAccount: async (ctx, sub, token) => {
      await refuseUnentitledGrant({ db, clock }, ctx, sub, token as { grantId?: string } | undefined);
      const record = await findActiveAccount(deps.actors, clock.now(), sub);
      return record && accountWithClaims(db, record, ctx.oidc.client?.clientId);
    },
    loadExistingGrant: (ctx) => grantFirstParty(ctx, urls.apiResource),
    // The grant id lets the API tell this browser's session from the user's others (password
    // change keeps it, revokes the rest) and lets the live connection hear when it ends; the
    // issue time in milliseconds is compared with the user's tokens_valid_after.
    extraTokenClaims: (_ctx, token) => ({ iat_ms: Date.now(), ...('grantId' in token && token.grantId ? { gid: token.grantId } : {}) }),
    // Refresh tokens let the SPA renew silently without offline_access and its consent prompt.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(config.publicUrl, out);
    },
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) ?? false,
    ttl: {
      AccessToken: SESSION.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
  };

  const provider = new Provider(urls.issuer, configuration);
  // Honour X-Forwarded-* from a reverse proxy in front of the portal (PUBLIC_URL https).
  provider.proxy = true;
  return provider;
}
