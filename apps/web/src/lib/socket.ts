import { SOCKET_PATH, type TClientToServerEvents, type TServerToClientEvents } from '@cpq/contracts';
import type { Socket } from 'socket.io-client';

export type TLiveSocket = Socket<TServerToClientEvents, TClientToServerEvents>;

let current: TLiveSocket | null = null;
const openListeners = new Set<(socket: TLiveSocket) => void>();

/**
 * Calls `listener` with the open connection (if any) and with each one opened later (a new sign-in), so that a
 * feature can listen for its own events without owning the connection. Answers the unsubscribe.
 */
export function onSocketOpened(listener: (socket: TLiveSocket) => void): () => void {
  openListeners.add(listener);
  if (current) listener(current);
  return () => {
    openListeners.delete(listener);
  };
}

/**
 * Opens the live connection at /socket on this origin. The token travels in the handshake `auth` payload, never in
 * the URL. socket.io-client is loaded on demand so that the sign-in screens do not pay for it.
 */
export async function connectSocket(token: string): Promise<TLiveSocket> {
  disconnectSocket();
  const { io } = await import('socket.io-client');
  const socket: TLiveSocket = io({ path: SOCKET_PATH, auth: { token }, transports: ['websocket', 'polling'] });
  current = socket;
  for (const listener of openListeners) listener(socket);
  return socket;
}

/** The open connection, if any. */
export function getSocket(): TLiveSocket | null {
  return current;
}

/** Tells the server the user signed out, then closes the connection. */
export function announceSignOut(): void {
  current?.emit('userevent', { isLoggedIn: false });
}

export function disconnectSocket(): void {
  current?.disconnect();
  current = null;
}
