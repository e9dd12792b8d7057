import { useCallback, useSyncExternalStore } from 'react';

/** Below this width the shell is laid out for phones: the sidebar becomes a drawer. */
export const PHONE_QUERY = '(max-width: 767.98px)';

/** Whether the CSS media query matches now; the component renders again when that changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
