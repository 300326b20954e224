import { MSG, msgLoggedInAs, type TSession } from '@cpq/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { announceSignOut, disconnectSocket } from '../../../lib/socket';
import { clearToken, readToken, saveToken, type TStoredToken } from '../../../lib/token-storage';
import { useToast } from '../../../ui/use-toast';
import { authApi } from '../api/auth.api';
import { isUnauthenticated, platformQuery, userQuery } from '../api/session-queries';
import { SessionContext, type TSessionValue } from '../hooks/use-session';
import { AFTER_SIGN_IN_PATH } from '../logic/return-path';

/** Holds who is signed in; loads the user and the platform the guard waits for. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const [auth, setAuth] = useState<TStoredToken | null>(() => readToken());
  const username = auth?.username ?? null;

  const userResult = useQuery({ ...userQuery(username ?? ''), enabled: username !== null });
  const platformResult = useQuery(platformQuery(username));

  const endLocally = useCallback(() => {
    announceSignOut();
    disconnectSocket();
    clearToken();
    setAuth(null);
    queryClient.removeQueries({ queryKey: ['users'] });
    queryClient.removeQueries({ queryKey: ['roles'] });
  }, [queryClient]);

  // A token the server no longer accepts (revoked, expired) ends the session here too.
  const isRejected = isUnauthenticated(userResult.error) || isUnauthenticated(platformResult.error);
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
    (session: TSession, stayLoggedIn: boolean, nextPath: string = AFTER_SIGN_IN_PATH) => {
      const stored = { token: session.token, expiresAt: session.expiresAt, username: session.user.username };
      saveToken(stored, stayLoggedIn);
      queryClient.setQueryData(['users', session.user.username], session.user);
      setAuth(stored);
      toast.success(msgLoggedInAs(session.user.username));
      navigate(nextPath, { replace: true });
    },
    [navigate, queryClient, toast],
  );

  const user = auth ? (userResult.data ?? null) : null;
  const signOut = useCallback(async () => {
    // Best effort: the server may already consider the token gone; signing out here must still happen.
    if (user) await authApi.markSignedOut(user.id).catch(() => undefined);
    await authApi.logout().catch(() => undefined);
    endLocally();
    navigate('/Login', { replace: true });
  }, [user, endLocally, navigate]);

  const { refetch: refetchUser } = userResult;
  const { refetch: refetchPlatform } = platformResult;
  const retry = useCallback(() => {
    if (username) void refetchUser();
    void refetchPlatform();
  }, [username, refetchUser, refetchPlatform]);

  const loadError =
    (auth && userResult.error && !isRejected ? userResult.error : null) ??
    (platformResult.error && !isRejected ? platformResult.error : null);
  const isLoading = (auth !== null && userResult.isPending) || platformResult.isPending;

  const value = useMemo<TSessionValue>(
    () => ({
      auth,
      user,
      platform: platformResult.data ?? null,
      isLoading: isLoading && !loadError,
      loadError,
      retry,
      startSession,
      signOut,
    }),
    [auth, user, platformResult.data, isLoading, loadError, retry, startSession, signOut],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}
