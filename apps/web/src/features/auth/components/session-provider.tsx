import { MSG, msgLoggedInAs, type TSession } from '@cpq/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { announceSignOut, disconnectSocket } from '../../../lib/socket';
import { clearToken, readToken, saveToken, type TStoredToken } from '../../../lib/token-storage';
import { useToast } from '../../../ui/use-toast';
import { authApi } from '../api/auth.api';
import { SessionContext, type TSessionValue } from '../hooks/use-session';

/** Where a fresh sign-in lands (spec: the quote dashboard). */
export const AFTER_SIGN_IN_PATH = '/QuoteDashboard';

const isUnauthenticated = (error: unknown) => error instanceof ApiError && error.status === 401;

/** Holds who is signed in; loads the user and the platform the guard waits for. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [auth, setAuth] = useState<TStoredToken | null>(() => readToken());
  const username = auth?.username ?? null;

  const userQuery = useQuery({
    queryKey: ['users', username],
    queryFn: () => authApi.getUser(username ?? ''),
    enabled: username !== null,
    retry: (count, error) => !isUnauthenticated(error) && count < 2,
  });
  const platformQuery = useQuery({
    queryKey: ['platforms', 'current', username],
    queryFn: () => authApi.getPlatform(),
    retry: (count, error) => !isUnauthenticated(error) && count < 2,
    staleTime: 5 * 60_000,
  });

  const endLocally = useCallback(() => {
    announceSignOut();
    disconnectSocket();
    clearToken();
    setAuth(null);
    queryClient.removeQueries({ queryKey: ['users'] });
    queryClient.removeQueries({ queryKey: ['roles'] });
  }, [queryClient]);

  // A token the server no longer accepts (revoked, expired) ends the session here too.
  const isRejected = isUnauthenticated(userQuery.error) || isUnauthenticated(platformQuery.error);
  useEffect(() => {
    if (!auth || !isRejected) return;
    endLocally();
    toast.warning(MSG.sessionExpired);
    navigate('/Login', { replace: true });
  }, [auth, isRejected, endLocally, navigate, toast]);

  // Sign out on the client the moment the token expires, rather than on the next failing call.
  useEffect(() => {
    if (!auth) return;
    const msLeft = auth.expiresAt * 1000 - Date.now();
    const timer = window.setTimeout(
      () => {
        endLocally();
        toast.warning(MSG.sessionExpired);
        navigate('/Login', { replace: true });
      },
      Math.max(0, Math.min(msLeft, 2_147_000_000)),
    );
    return () => window.clearTimeout(timer);
  }, [auth, endLocally, navigate, toast]);

  const startSession = useCallback(
    (session: TSession, stayLoggedIn: boolean) => {
      const stored = { token: session.token, expiresAt: session.expiresAt, username: session.user.username };
      saveToken(stored, stayLoggedIn);
      queryClient.setQueryData(['users', session.user.username], session.user);
      setAuth(stored);
      toast.success(msgLoggedInAs(session.user.username));
      navigate(AFTER_SIGN_IN_PATH, { replace: true });
    },
    [navigate, queryClient, toast],
  );

  const user = auth ? (userQuery.data ?? null) : null;
  const signOut = useCallback(async () => {
    // Best effort: the server may already consider the token gone; signing out here must still happen.
    if (user) await authApi.markSignedOut(user.id).catch(() => undefined);
    await authApi.logout().catch(() => undefined);
    endLocally();
    navigate('/Login', { replace: true });
  }, [user, endLocally, navigate]);

  const { refetch: refetchUser } = userQuery;
  const { refetch: refetchPlatform } = platformQuery;
  const retry = useCallback(() => {
    if (username) void refetchUser();
    void refetchPlatform();
  }, [username, refetchUser, refetchPlatform]);

  const loadError =
    (auth && userQuery.error && !isRejected ? userQuery.error : null) ??
    (platformQuery.error && !isRejected ? platformQuery.error : null);
  const isLoading = (auth !== null && userQuery.isPending) || platformQuery.isPending;

  const value = useMemo<TSessionValue>(
    () => ({
      auth,
      user,
      platform: platformQuery.data ?? null,
      isLoading: isLoading && !loadError,
      loadError,
      retry,
      startSession,
      signOut,
    }),
    [auth, user, platformQuery.data, isLoading, loadError, retry, startSession, signOut],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}
