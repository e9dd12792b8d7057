import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal or a 4xx will not change on retry; only transport hiccups are retried.
      retry: (failures, error) => failures < 2 && error instanceof ApiError && error.status === 0,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});
