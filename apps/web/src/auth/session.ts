import type { User, UserManager } from 'oidc-client-ts';
import { SESSION, STORAGE_KEYS, type Environment } from '@portal/contracts';

/**
 * The SPA's OpenID Connect session: authorization code + PKCE against the portal's own
 * provider (or any provider env.json names), refresh-token renewal, RP-initiated logout.
 * oidc-client-ts is loaded only when a session exists or one is started: the sign-in form
 * itself talks to the provider's interaction endpoints and does not need it.
 */
let environment: Environment | undefined;
let onSessionLost: () => void = () => {};
let manager: Promise<PortalUserManager> | undefined;

const RETURN_TO_KEY = 'sso.return_to';

function userManager(): Promise<PortalUserManager> {
  if (!environment) throw new Error('the session is used before createSession()');
  manager ??= openManager(environment);
  return manager;
}

function keepTokens(user: User | null): void {
  if (user && !user.expired) {
    localStorage.setItem(STORAGE_KEYS.accessToken, user.access_token);
    if (user.id_token) localStorage.setItem(STORAGE_KEYS.idToken, user.id_token);
  } else {
    forgetTokens();
  }
}

/** Removes the stored tokens; the next guarded page sends the user to sign in. */
export function forgetTokens(): void {
  localStorage.removeItem(STORAGE_KEYS.accessToken);
  localStorage.removeItem(STORAGE_KEYS.idToken);
  // Lists the next user of this tab may not see: not asked for ahead of their screens.
  sessionStorage.removeItem(STORAGE_KEYS.firstLists);
}

/**
 * Remembers where the provider is; `onLost` is told when the session cannot be kept (see
 * `watchRenewal`). A session stored by an earlier visit starts being renewed at once.
 */
export function createSession(settings: Environment, onLost: () => void): void {
  environment = settings;
  onSessionLost = onLost;
  if (hasSession() || prepareWanted) void userManager();
}

/** A page asked for the client before the settings were read (the router starts early). */
let prepareWanted = false;

/** Starts loading the OpenID Connect client now (a sign-in is about to complete or start). */
export function prepareSession(): void {
  if (environment) void userManager().catch(() => undefined);
  else prepareWanted = true;
}

/** The OpenID Connect client, able to start a sign-in without leaving the page (see `startSignInInPlace`). */
type PortalUserManager = UserManager & { signinRequestUrl(): Promise<string> };

async function openManager(environment: Environment): Promise<PortalUserManager> {
  const { UserManager, WebStorageStateStore } = await import('oidc-client-ts');
  class InPlaceUserManager extends UserManager {
    /** The authorization request's URL, its state (PKCE verifier …) stored as `signinRedirect` stores it. */
    async signinRequestUrl(): Promise<string> {
      let target = '';
      await this._signinStart(
        { request_type: 'si:r' },
        {
          navigate: ({ url }) => {
            target = url;
            return Promise.resolve({ url });
          },
          close: () => undefined,
        },
      );
      return target;
    }
  }
  const settings = {
    authority: environment.authority,
    client_id: environment.clientId,
    redirect_uri: `${environment.clientRoot}signin-callback`,
    post_logout_redirect_uri: environment.logoutUrl,
    response_type: 'code',
    scope: environment.clientScope,
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: SESSION.renewalWarningSeconds,
    userStore: new WebStorageStateStore({ store: localStorage }),
    loadUserInfo: false,
  };
  localStorage.setItem(STORAGE_KEYS.identitySettings, JSON.stringify({ ...settings, userStore: 'localStorage' }));
  const created = new InPlaceUserManager(settings);
  created.events.addUserLoaded(keepTokens);
  created.events.addUserUnloaded(forgetTokens);
  watchRenewal(created);
  return created;
}

/**
 * Keeps the session alive: oidc-client-ts renews with the refresh token when the access token
 * is 180 s from expiry; a failed renewal is retried once after 1 s; when that fails too, or
 * the token expires anyway, the session is lost (the session-expired modal).
 */
function watchRenewal(manager: UserManager): void {
  manager.events.addSilentRenewError(() => {
    setTimeout(() => {
      manager
        .signinSilent()
        .then((user) => {
          if (!user) onSessionLost();
        })
        .catch(() => onSessionLost());
    }, SESSION.silentRenewRetryMs);
  });
  manager.events.addAccessTokenExpired(() => {
    if (hasSession()) onSessionLost();
  });
}

/** A change of this session's tokens under way (a password change renews them): calls wait for it. */
let tokensChanging: Promise<void> | undefined;

/**
 * Runs `change`, which may make the current access token invalid (a password change), and
 * renews the tokens when `renews(result)` says it did. Calls made meanwhile wait, and a call
 * refused with the old token is sent again with the new one, so what this browser does in
 * between does not look like a lost session.
 */
export function renewSessionAfter<T>(change: () => Promise<T>, renews: (result: T) => boolean = () => true): Promise<T> {
  // `change` starts before the flag is raised, so its own call does not wait for itself.
  const run = change().then(async (result) => {
    if (renews(result)) keepTokens(await (await userManager()).signinSilent());
    return result;
  });
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  tokensChanging = settled;
  void settled.then(() => {
    if (tokensChanging === settled) tokensChanging = undefined;
  });
  return run;
}

/** Resolves once no change of the tokens is under way. */
export async function tokensSettled(): Promise<void> {
  while (tokensChanging) await tokensChanging;
}

export function accessToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.accessToken);
}

export function hasSession(): boolean {
  return accessToken() !== null;
}

/** Sends the browser to the provider; after sign-in it comes back to `returnTo`. */
export async function startSignIn(returnTo?: string): Promise<void> {
  if (returnTo) sessionStorage.setItem(RETURN_TO_KEY, returnTo);
  await (await userManager()).signinRedirect();
}

/**
 * Starts a sign-in without loading the app a second time: the authorization request is
 * followed by a request of this page's own (the provider's redirects set its interaction
 * cookie as a navigation would), and answers where the provider sent it — the sign-in form
 * (`/signin?uid=…`), or straight back to the callback when the provider still has a session.
 * Navigating the window there instead would download and start the whole app again. Only for
 * a provider on this origin (the portal's own); others are visited with a redirect.
 */
export async function startSignInInPlace(returnTo?: string): Promise<string | undefined> {
  const client = await userManager();
  if (new URL(client.settings.authority, window.location.href).origin !== window.location.origin) {
    await startSignIn(returnTo);
    return undefined;
  }
  if (returnTo) sessionStorage.setItem(RETURN_TO_KEY, returnTo);
  const response = await fetch(await client.signinRequestUrl(), { credentials: 'include' });
  if (new URL(response.url).origin !== window.location.origin) throw new Error(`the sign-in request ended at ${response.url}`);
  return response.url;
}

/** Finishes the code exchange on /signin-callback; answers where the user was going. */
export async function completeSignIn(): Promise<string | null> {
  const user = await (await userManager()).signinRedirectCallback();
  keepTokens(user);
  const returnTo = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  return returnTo;
}

/** Ends the provider session too (id_token_hint), then the provider sends the browser to /signin. */
export async function signOut(): Promise<void> {
  const manager = await userManager();
  const user = await manager.getUser();
  forgetTokens();
  await manager.signoutRedirect({ id_token_hint: user?.id_token ?? localStorage.getItem(STORAGE_KEYS.idToken) ?? undefined });
}

/** Forgets the session locally (the provider session may live on). */
export async function dropSession(): Promise<void> {
  forgetTokens();
  await (await userManager()).removeUser();
}
