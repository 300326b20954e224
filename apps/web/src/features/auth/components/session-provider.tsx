import { msgLoggedInAs, SHELL_MSG, type TSession } from '@cpq/contracts';
import { type ReactNode, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { loadedQueryClient } from '../../../lib/loaded-query-client';
import { announceSignOut, disconnectSocket } from '../../../lib/socket';
import { clearToken, readToken, saveToken, type TStoredToken } from '../../../lib/token-storage';
import { useToast } from '../../../ui/use-toast';
import { authApi } from '../api/auth.api';
import {
  forgetSignedInLoads,
  isUnauthenticated,
  platformLoad,
  type TLoadState,
  type TSessionLoad,
  userLoad,
} from '../api/session-loads';
import { SessionContext, type TSessionValue } from '../hooks/use-session';
import { AFTER_SIGN_IN_PATH } from '../logic/return-path';

const NO_LOAD: TLoadState<never> = { data: undefined, dataUpdatedAt: 0, error: null, isPending: false };
const noSubscription = () => () => undefined;

/** A session load's state as React renders it (a signed-out visitor has no user load). */
function useLoad<T>(load: TSessionLoad<T> | null): TLoadState<T> {
  useEffect(() => load?.ensure(), [load]);
  return useSyncExternalStore(load?.subscribe ?? noSubscription, load?.getState ?? (() => NO_LOAD));
}

/** Holds who is signed in; loads the user and the platform the guard waits for. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [auth, setAuth] = useState<TStoredToken | null>(() => readToken());
  const username = auth?.username ?? null;

  const currentUserLoad = useMemo(() => (username === null ? null : userLoad(username)), [username]);
  const currentPlatformLoad = useMemo(() => platformLoad(username), [username]);
  const userResult = useLoad(currentUserLoad);
  const platformResult = useLoad(currentPlatformLoad);

  const endLocally = useCallback(() => {
    announceSignOut();
    disconnectSocket();
    clearToken();
    setAuth(null);
    forgetSignedInLoads();
    loadedQueryClient()?.removeQueries({ queryKey: ['users'] });
    loadedQueryClient()?.removeQueries({ queryKey: ['roles'] });
  }, []);

  // A token the server no longer accepts (revoked, expired) ends the session here too.
  const isRejected = isUnauthenticated(userResult.error) || isUnauthenticated(platformResult.error);
  useEffect(() => {
    if (!auth || !isRejected) return;
    endLocally();
    toast.warning(SHELL_MSG.sessionExpired);
    navigate('/Login', { replace: true });
  }, [auth, isRejected, endLocally, navigate, toast]);

  // Sign out on the client the moment the token expires, rather than on the next failing call.
  useEffect(() => {
    if (!auth) return;
    const msLeft = auth.expiresAt * 1000 - Date.now();
    const timer = window.setTimeout(
      () => {
        endLocally();
        toast.warning(SHELL_MSG.sessionExpired);
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
      userLoad(session.user.username).setData(session.user);
      setAuth(stored);
      toast.success(msgLoggedInAs(session.user.username));
      navigate(nextPath, { replace: true });
    },
    [navigate, toast],
  );

  const user = auth ? (userResult.data ?? null) : null;
  const signOut = useCallback(async () => {
    // Best effort: the server may already consider the token gone; signing out here must still happen.
    if (user) await authApi.markSignedOut(user.id).catch(() => undefined);
    await authApi.logout().catch(() => undefined);
    endLocally();
    navigate('/Login', { replace: true });
  }, [user, endLocally, navigate]);

  const retry = useCallback(() => {
    void currentUserLoad?.refetch();
    void currentPlatformLoad.refetch();
  }, [currentUserLoad, currentPlatformLoad]);

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
