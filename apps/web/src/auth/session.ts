import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { SESSION, STORAGE_KEYS, type Environment } from '@portal/contracts';

/**
 * The SPA's OpenID Connect session: authorization code + PKCE against the portal's own
 * provider (or any provider env.json names), refresh-token renewal, RP-initiated logout.
 */
let manager: UserManager | undefined;

const RETURN_TO_KEY = 'sso.return_to';

function userManager(): UserManager {
  if (!manager) throw new Error('the session is used before createSession()');
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

export function createSession(environment: Environment): UserManager {
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
  manager = new UserManager(settings);
  manager.events.addUserLoaded(keepTokens);
  manager.events.addUserUnloaded(forgetTokens);
  return manager;
}

/**
 * Keeps the session alive: oidc-client-ts renews with the refresh token when the access token
 * is 180 s from expiry; a failed renewal is retried once after 1 s; when that fails too, or
 * the token expires anyway, `onLost` is told (the session-expired modal).
 */
export function watchSessionRenewal(onLost: () => void): void {
  const { events } = userManager();
  events.addSilentRenewError(() => {
    setTimeout(() => {
      userManager()
        .signinSilent()
        .then((user) => {
          if (!user) onLost();
        })
        .catch(() => onLost());
    }, SESSION.silentRenewRetryMs);
  });
  events.addAccessTokenExpired(() => {
    if (hasSession()) onLost();
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
    if (renews(result)) keepTokens(await userManager().signinSilent());
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
  await userManager().signinRedirect();
}

/** Finishes the code exchange on /signin-callback; answers where the user was going. */
export async function completeSignIn(): Promise<string | null> {
  const user = await userManager().signinRedirectCallback();
  keepTokens(user);
  const returnTo = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  return returnTo;
}

/** Ends the provider session too (id_token_hint), then the provider sends the browser to /signin. */
export async function signOut(): Promise<void> {
  const user = await userManager().getUser();
  forgetTokens();
  await userManager().signoutRedirect({ id_token_hint: user?.id_token ?? localStorage.getItem(STORAGE_KEYS.idToken) ?? undefined });
}

/** Forgets the session locally (the provider session may live on). */
export async function dropSession(): Promise<void> {
  forgetTokens();
  await userManager().removeUser();
}
