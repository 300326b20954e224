import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { mirrorSessionInCache } from '../features/auth/api/session-cache';
import { ApiError } from '../lib/api';
import { setLoadedQueryClient } from '../lib/loaded-query-client';

/** No retries for answers that will not change on a retry (4xx). */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * The app's one query cache. It loads with the first page that fetches (every page but the sign-in screens), so
 * the sign-in screens' code does not carry it; the session's user and platform join it then.
 */
export const queryClient = createQueryClient();
setLoadedQueryClient(queryClient);
mirrorSessionInCache(queryClient);

/** Gives the pages below it the app's query cache (pages each bring one, as any of them can be the first). */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
