import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { Provider, errors, interactionPolicy } from './oidc-provider-module.ts';
import { BASE_PATH, SESSION } from '@portal/contracts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { databaseAdapter } from './adapter.ts';
import type { ActorLoader } from '../platform/actor.ts';
import { findActiveAccount } from './accounts.ts';
import { PORTAL_TOKEN_ALG, type ProviderKeys } from './keys.ts';
import type { Clock } from '../platform/clock.ts';
import type { SecretBox } from '../platform/secrets.ts';
import type { Outbound } from '../platform/outbound/outbound.ts';
import { signInRefusal, type SignInRefusal } from './entitlement.ts';
import { logoutPage, errorPage, signedOutPage } from './pages.ts';

export const SPA_CLIENT_ID = 'sso-fe';
/** The resource server scope carried by the portal API's access tokens. */
export const API_SCOPE = 'api';
/** The OIDC scopes every first-party client is granted without a consent screen. */
const GRANTED_OIDC_SCOPES = 'openid profile email offline_access';

export interface IdentityUrls {
  issuer: string;
  /** Audience of the portal API's access tokens (a resource indicator). */
  apiResource: string;
  spaRedirectUri: string;
  spaPostLogoutRedirectUri: string;
}

/** The SPA's sign-in page: where mail sends people and where sign-out lands. */
export function signinPage(publicUrl: string): string {
  return `${publicUrl}${BASE_PATH}/signin`;
}

export function identityUrls(config: Pick<Config, 'publicUrl'>): IdentityUrls {
  return {
    issuer: `${config.publicUrl}/oidc`,
    apiResource: `${config.publicUrl}/api`,
    spaRedirectUri: `${config.publicUrl}${BASE_PATH}/signin-callback`,
    spaPostLogoutRedirectUri: signinPage(config.publicUrl),
  };
}

/**
 * Every client of this provider is first-party (the portal and the suite's own services),
 * so the grant is made here instead of on a consent screen.
 */
async function grantFirstParty(ctx: KoaContextWithOIDC, apiResource: string) {
  const { oidc } = ctx;
  const clientId = oidc.client!.clientId;
  const accountId = oidc.session!.accountId!;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  const grant = existing?.accountId === accountId ? existing : new oidc.provider.Grant({ clientId, accountId });
  grant.addOIDCScope(GRANTED_OIDC_SCOPES);
  grant.addResourceScope(apiResource, API_SCOPE);
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
        client_name: 'SSO Portal',
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
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username'],
      email: ['email'],
    },
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
      resourceIndicators: {
        enabled: true,
        defaultResource: () => urls.apiResource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== urls.apiResource) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience: urls.apiResource,
            accessTokenTTL: SESSION.accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: PORTAL_TOKEN_ALG } },
          };
        },
      },
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
    findAccount: async (_ctx, sub) => findActiveAccount(deps.actors, sub),
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
