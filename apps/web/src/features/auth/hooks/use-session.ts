import type { TPlatformView, TPublicPlatform, TSession, TUser } from '@cpq/contracts';
import { createContext, useContext } from 'react';
import type { TStoredToken } from '../../../lib/token-storage';

export type TSessionValue = {
  /** The stored token, or null when signed out. */
  auth: TStoredToken | null;
  /** The signed-in user once loaded. */
  user: TUser | null;
  /** The user's platform, or the default platform when signed out. */
  platform: TPlatformView | TPublicPlatform | null;
  /** True until the user (when signed in) and the platform are loaded. */
  isLoading: boolean;
  /** Set when the user or platform could not be loaded (server down): the guard offers a retry. */
  loadError: Error | null;
  retry: () => void;
  /** Keeps a new session and moves on to the quote dashboard, or to `nextPath` (the visitor flow stays put). */
  startSession: (session: TSession, stayLoggedIn: boolean, nextPath?: string) => void;
  /** Signs out on the server and here, then goes to /Login. */
  signOut: () => Promise<void>;
};

export const SessionContext = createContext<TSessionValue | null>(null);

/** The current session: token, user, platform and the sign-in/sign-out actions. */
export function useSession(): TSessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs SessionProvider');
  return value;
}
