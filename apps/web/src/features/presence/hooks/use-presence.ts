import type { TOnlineUser } from '@cpq/contracts';
import { createContext, useContext } from 'react';

export type TPresence = {
  /** Online users of the platform, as the server last announced them. */
  onlineUsers: TOnlineUser[];
  isConnected: boolean;
  /** True when the user with this id is online (drives the Users list's indicator). */
  isOnline: (userId: number) => boolean;
};

export const PresenceContext = createContext<TPresence>({ onlineUsers: [], isConnected: false, isOnline: () => false });

/** Live presence from the socket's `userevent`. */
export function usePresence(): TPresence {
  return useContext(PresenceContext);
}
