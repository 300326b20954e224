import type { Server as HttpServer } from 'node:http';
import {
  SOCKET_PATH,
  type TClientToServerEvents,
  type TServerToClientEvents,
  ZUserEventFromClient,
} from '@cpq/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { TConfig } from '../config';
import type { TDb } from '../db/client';
import type { TRealtime } from '../deps';
import { resolveActor } from '../http/actor';
import { findOnlineUsers, setLoggedIn } from './presence.repository';

/** What the server keeps on each socket (visible to other instances through the Redis adapter). */
type TSocketData = { userId: number; pid: string; isLoggedIn: boolean };
type TServer = Server<TClientToServerEvents, TServerToClientEvents, Record<string, never>, TSocketData>;
type TSocket = Socket<TClientToServerEvents, TServerToClientEvents, Record<string, never>, TSocketData>;

const USER_EVENT_LIMIT = { limit: 10, windowMs: 10_000 } as const;
/** How long presence requests gather before one list goes out (short enough that nobody sees it). */
const PRESENCE_BATCH_MS = 100;

export const platformRoom = (pid: string) => `platform:${pid}`;

/**
 * An HTTP server's close() waits for every open connection, and live sockets never end by themselves, so whoever
 * closes the server (Fastify's app.close() at shutdown) would wait for the browsers to leave. Closing the server
 * therefore first closes this instance's sockets.
 */
function closeSocketsWithServer(server: HttpServer, io: TServer): void {
  const closeServer = server.close.bind(server);
  server.close = ((callback?: (error?: Error) => void) => {
    io.local.disconnectSockets(true);
    io.engine.close();
    return closeServer(callback);
  }) as HttpServer['close'];
}

/**
 * Live updates over socket.io at /socket. A socket must present a valid session token in the handshake's `auth`
 * payload (never in the URL) and joins its platform's room. The platform's online users (connected sockets whose
 * user is signed in, one entry per user) are sent as `userevent` on every connect, disconnect and change. With
 * REDIS_URL the Redis adapter carries rooms and events across instances.
 */
export function createRealtime(options: { config: TConfig; db: TDb; log: FastifyBaseLogger }): TRealtime {
  const { config, db, log } = options;
  let io: TServer | null = null;
  let redis: ReturnType<typeof createClient>[] = [];
  /** Presence publishes under way: close() lets them finish before it closes Redis (see there). */
  const publishing = new Set<Promise<void>>();
  /** The publish each platform's next presence request joins, until it starts. */
  const queued = new Map<string, Promise<void>>();

  async function authenticate(token: unknown) {
    if (typeof token !== 'string' || token.length === 0 || token.length > 4096) return null;
    return resolveActor(db, config.tokenSecret, `Bearer ${token}`, new Date());
  }

  async function publishPresenceNow(pid: string): Promise<void> {
    if (!io) return;
    const sockets = await io.in(platformRoom(pid)).fetchSockets();
    const ids = new Set<number>();
    for (const socket of sockets) {
      const data = socket.data as Partial<TSocketData>;
      if (data.userId !== undefined && data.isLoggedIn !== false) ids.add(data.userId);
    }
    const users = await findOnlineUsers(db, pid, [...ids]);
    io.to(platformRoom(pid)).emit('userevent', { users });
  }

  /**
   * Publishes a platform's presence after PRESENCE_BATCH_MS, once for every request made meanwhile: a burst of
   * connects (a shift signing in, an instance restarting) costs one list per batch instead of one per socket, which
   * for n sockets was n lists to n sockets each.
   */
  function publishPresence(pid: string): Promise<void> {
    const waiting = queued.get(pid);
    if (waiting) return waiting;
    const publish = new Promise((resolve) => setTimeout(resolve, PRESENCE_BATCH_MS))
      .then(() => {
        queued.delete(pid);
        return publishPresenceNow(pid);
      })
      .finally(() => publishing.delete(publish));
    queued.set(pid, publish);
    publishing.add(publish);
    return publish;
  }

  const publishSafely = (pid: string) =>
    publishPresence(pid).catch((error: unknown) => log.warn({ err: error, pid }, 'presence publish failed'));

  async function handleUserEvent(socket: TSocket, payload: unknown): Promise<void> {
    const parsed = ZUserEventFromClient.safeParse(payload);
    if (!parsed.success) return;
    // The session may have been revoked since the handshake (sign-out, password change): check it again.
    const actor = await authenticate(socket.handshake.auth?.token);
    const data = socket.data;
    if (!actor || actor.userId !== data.userId) {
      socket.disconnect(true);
      return;
    }
    data.isLoggedIn = parsed.data.isLoggedIn;
    await setLoggedIn(db, data.userId, parsed.data.isLoggedIn);
    await publishPresence(data.pid);
  }

  function handleConnection(socket: TSocket): void {
    const data = socket.data;
    socket.join(platformRoom(data.pid));
    // Each userevent costs a session check, a write and a broadcast: a client gets a few per window, the rest are
    // dropped (a real client sends one at sign-in and one at sign-out).
    let windowStart = 0;
    let eventsInWindow = 0;
    socket.on('userevent', (payload: unknown) => {
      const now = Date.now();
      if (now - windowStart > USER_EVENT_LIMIT.windowMs) {
        windowStart = now;
        eventsInWindow = 0;
      }
      eventsInWindow += 1;
      if (eventsInWindow > USER_EVENT_LIMIT.limit) return;
      handleUserEvent(socket, payload).catch((error: unknown) => log.warn({ err: error }, 'userevent failed'));
    });
    // The spec's clients send contentchange too; the server alone announces order changes (after they commit),
    // so a client's message is ignored rather than relayed to the platform.
    socket.on('contentchange', () => {});
    socket.on('disconnect', () => void publishSafely(data.pid));
    setLoggedIn(db, data.userId, true)
      .then(() => publishPresence(data.pid))
      .catch((error: unknown) => log.warn({ err: error }, 'presence on connect failed'));
  }

  return {
    async attach(server: HttpServer) {
      io = new Server(server, { path: SOCKET_PATH, serveClient: false, maxHttpBufferSize: 64 * 1024 });
      if (config.redisUrl) {
        const pub = createClient({ url: config.redisUrl });
        const sub = pub.duplicate();
        redis = [pub, sub];
        for (const client of redis) client.on('error', (error: unknown) => log.warn({ err: error }, 'redis error'));
        await Promise.all([pub.connect(), sub.connect()]);
        io.adapter(createAdapter(pub, sub, { requestsTimeout: 2000 }));
      }
      io.use((socket, next) => {
        authenticate(socket.handshake.auth?.token)
          .then((actor) => {
            if (!actor) return next(new Error('UNAUTHENTICATED'));
            socket.data = { userId: actor.userId, pid: actor.pid, isLoggedIn: true } satisfies TSocketData;
            next();
          })
          .catch((error: unknown) => {
            log.warn({ err: error }, 'socket authentication failed');
            next(new Error('UNAUTHENTICATED'));
          });
      });
      io.on('connection', handleConnection);
      closeSocketsWithServer(server, io);
    },
    publishPresence,
    publishContentChange(pid, change) {
      io?.to(platformRoom(pid)).emit('contentchange', change);
    },
    async close() {
      const server = io;
      io = null;
      if (server) {
        // Close this instance's sockets and engine without closing the HTTP server, which Fastify owns.
        server.local.disconnectSockets(true);
        server.engine.close();
        await server.of('/').adapter.close();
      }
      // The Redis adapter sends commands it never awaits (a fetchSockets request, an answer to another instance's);
      // one sent on a closed client is an unhandled rejection that ends the process mid-shutdown. So: let this
      // instance's presence publishes finish, stop hearing other instances (sub) and only then close pub, after
      // the answers already under way.
      await Promise.allSettled([...publishing]);
      const [pub, sub] = redis;
      redis = [];
      await sub?.quit().catch(() => undefined);
      await new Promise((resolve) => setImmediate(resolve));
      await pub?.quit().catch(() => undefined);
    },
  };
}
