import { useSyncExternalStore } from 'react';

/** Whether the session-expired modal is open; raised by a 401 or a lost session. */
let expired = false;
const listeners = new Set<() => void>();

export function markSessionExpired(): void {
  if (expired) return;
  expired = true;
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
