import { useSyncExternalStore } from 'react';
import { SESSION, STORAGE_KEYS } from '@portal/contracts';
import { closeLiveConnection } from './live-connection.ts';
import { forgetTokens } from './session.ts';

/**
 * Whether the session-expired modal is open. Raised by a 401, an expired token that could
 * not be renewed, a sign-out in another tab or a session ended elsewhere: the stored tokens
 * are removed at once and the live connection is closed half a second later.
 */
let expired = false;
const listeners = new Set<() => void>();

export function markSessionExpired(): void {
  if (expired) return;
  expired = true;
  forgetTokens();
  setTimeout(closeLiveConnection, SESSION.closeLiveConnectionAfterMs);
  listeners.forEach((listener) => listener());
}

export function useSessionExpired(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => expired,
  );
}

/** Another tab of this browser signed out (it removed the shared tokens): this one follows. */
export function watchSignOutInOtherTabs(): void {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.accessToken && event.oldValue !== null && event.newValue === null) markSessionExpired();
  });
}
