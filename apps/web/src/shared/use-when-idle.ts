import { useEffect } from 'react';

/**
 * Runs `task` once the browser is idle after this render, when `ready` (for fetching code a
 * later step needs without slowing the screen being shown). Safari has no requestIdleCallback:
 * a timer does there. `task` is a dependency: keep it stable.
 */
export function useWhenIdle(task: () => void, ready = true): void {
  useEffect(() => {
    if (!ready) return;
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(task, 2000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(task);
    return () => cancelIdleCallback(idle);
  }, [task, ready]);
}
