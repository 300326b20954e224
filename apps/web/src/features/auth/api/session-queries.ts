import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { authApi } from './auth.api';

export const isUnauthenticated = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/** Retries a failed load twice, except when the server says the token is not (or no longer) valid. */
const retryUnlessUnauthenticated = (count: number, error: Error) => !isUnauthenticated(error) && count < 2;

/** The signed-in user, as the guard waits for it. */
export const userQuery = (username: string) =>
  queryOptions({
    queryKey: ['users', username],
    queryFn: () => authApi.getUser(username),
    retry: retryUnlessUnauthenticated,
  });

/** The caller's platform (the default platform when signed out), as the guard waits for it. */
export const platformQuery = (username: string | null) =>
  queryOptions({
    queryKey: ['platforms', 'current', username],
    queryFn: () => authApi.getPlatform(),
    retry: retryUnlessUnauthenticated,
    staleTime: 5 * 60_000,
  });

/**
 * Starts the loads the guard waits for before React has rendered anything, so that they run while the page's
 * code is still evaluating. SessionProvider's queries pick up the same requests from the cache.
 */
export function prefetchSession(queryClient: QueryClient, username: string | null): void {
  if (username !== null) void queryClient.prefetchQuery(userQuery(username));
  void queryClient.prefetchQuery(platformQuery(username));
}
