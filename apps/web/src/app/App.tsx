import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { PageLoading } from './PageLoading.tsx';
import { router } from './router.tsx';

/**
 * The app's root: no UI or query library here (the sign-in screens are plain React); TanStack
 * Query comes with `AdminFrame`, antd with the screens built with it (`with-antd.tsx`).
 */
export function App() {
  return (
    // A screen's phrases load the first time it asks for them: the page waits here meanwhile.
    <Suspense fallback={<PageLoading />}>
      <RouterProvider router={router} />
    </Suspense>
  );
}
