import { SOCKET_PATH, type TClientToServerEvents, type TServerToClientEvents } from '@cpq/contracts';
import type { Socket } from 'socket.io-client';

export type TLiveSocket = Socket<TServerToClientEvents, TClientToServerEvents>;

let current: TLiveSocket | null = null;

/**
 * Opens the live connection at /socket on this origin. The token travels in the handshake `auth` payload, never in
 * the URL. socket.io-client is loaded on demand so that the sign-in screens do not pay for it.
 */
export async function connectSocket(token: string): Promise<TLiveSocket> {
  disconnectSocket();
  const { io } = await import('socket.io-client');
  const socket: TLiveSocket = io({ path: SOCKET_PATH, auth: { token }, transports: ['websocket', 'polling'] });
  current = socket;
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
