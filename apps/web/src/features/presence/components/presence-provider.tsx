import type { TOnlineUser } from '@cpq/contracts';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { connectSocket, disconnectSocket } from '../../../lib/socket';
import { PresenceContext, type TPresence } from '../hooks/use-presence';

/** Keeps the live connection open while signed in and remembers who is online. */
export function PresenceProvider({ token, children }: { token: string | null; children: ReactNode }) {
  const [onlineUsers, setOnlineUsers] = useState<TOnlineUser[]>([]);
  const [isConnected, setIsConnected] = useState(false);

  useEffect(() => {
    if (!token) {
      setOnlineUsers([]);
      setIsConnected(false);
      return;
    }
    let isCancelled = false;
    void connectSocket(token).then((socket) => {
      if (isCancelled) {
        socket.disconnect();
        return;
      }
      socket.on('connect', () => {
        setIsConnected(true);
        socket.emit('userevent', { isLoggedIn: true });
      });
      socket.on('disconnect', () => setIsConnected(false));
      socket.on('userevent', (payload) => {
        if (Array.isArray(payload?.users)) setOnlineUsers(payload.users);
      });
    });
    return () => {
      isCancelled = true;
      disconnectSocket();
    };
  }, [token]);

  const value = useMemo<TPresence>(() => {
    const ids = new Set(onlineUsers.map((user) => user.id));
    return { onlineUsers, isConnected, isOnline: (userId) => ids.has(userId) };
  }, [onlineUsers, isConnected]);

  return <PresenceContext value={value}>{children}</PresenceContext>;
}
