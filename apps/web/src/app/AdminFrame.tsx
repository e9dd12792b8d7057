import { lazy, Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { useSessionExpired } from '../auth/session-expired.ts';
import { Toaster } from '../shared/ui/Toaster.tsx';
import { useWhenIdle } from '../shared/use-when-idle.ts';
import { queryClient } from '../api/query-client.ts';
import { withAntd } from '../shared/with-antd.tsx';

const loadSessionExpiredModal = () => withAntd(() => import('../auth/SessionExpiredModal.tsx').then((module) => module.SessionExpiredModal));
const SessionExpiredModal = lazy(async () => ({ default: await loadSessionExpiredModal() }));
const prefetchSessionExpiredModal = () => void loadSessionExpiredModal().catch(() => undefined);

/**
 * The frame of every signed-in or public page (not the sign-in screens, which are plain React):
 * the query cache, the toasts and the session-expired modal. It carries no antd (nor dayjs):
 * the screens that use it bring its providers (`with-antd.tsx`).
 */
export default function AdminFrame() {
  const expired = useSessionExpired();
  // The modal is not part of any first screen, but it must open even when the server cannot be
  // reached any more: fetched (with antd) once the browser is idle.
  useWhenIdle(prefetchSessionExpiredModal);

  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <Toaster />
      {expired && (
        <Suspense fallback={null}>
          <SessionExpiredModal />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
