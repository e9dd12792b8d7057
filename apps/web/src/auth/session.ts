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
let manager: Promise<UserManager> | undefined;

const RETURN_TO_KEY = 'sso.return_to';

function userManager(): Promise<UserManager> {
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

async function openManager(environment: Environment): Promise<UserManager> {
  const { UserManager, WebStorageStateStore } = await import('oidc-client-ts');
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
  const created = new UserManager(settings);
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
