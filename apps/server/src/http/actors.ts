import type { TDb } from '../db/client';
import type { TActor } from '../lib/actor';
import { bearerClaims, findSessionActor, resolveActor, type TSessionActor } from './actor';
import { listenOnEmbedded } from './actor.repository';

/** The channel migration 0012's triggers notify on when anything that defines a session's caller changes. */
export const ACTOR_CHANGES_CHANNEL = 'cpq_actor_changes';

/** How many sessions' callers a process keeps (an entry is a few hundred bytes). */
export const ACTOR_CACHE_CAPACITY = 10_000;

/** Every request's caller, from its `Authorization` header (see createActors). */
export type TActors = {
  resolve(authorization: string | undefined, now: Date): Promise<TActor | null>;
  /** Whether callers are kept between requests (only on the embedded database). */
  readonly isCaching: boolean;
  close(): Promise<void>;
};

/**
 * Sessions' callers as last read, least recently used first. `clear` forgets them all and starts a new generation:
 * a read that began before a clear stores nothing, since what it read may be what the clear was about.
 */
export class ActorCache {
  private readonly entries = new Map<string, TSessionActor>();
  private currentGeneration = 0;

  constructor(private readonly capacity = ACTOR_CACHE_CAPACITY) {}

  get generation(): number {
    return this.currentGeneration;
  }

  /** The caller of `sessionId` while its session is unexpired at `now`. */
  get(sessionId: string, now: Date): TActor | null {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    this.entries.delete(sessionId);
    if (entry.expiresAt <= now.getTime()) return null;
    this.entries.set(sessionId, entry);
    return entry.actor;
  }

  /** Keeps `found`, read during `generation`, unless the cache was cleared since. */
  store(generation: number, found: TSessionActor): void {
    if (generation !== this.currentGeneration) return;
    this.entries.set(found.actor.sessionId, found);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.currentGeneration += 1;
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Callers for every request. On a PostgreSQL server each request reads its session: other instances revoke
 * sessions and change roles, and nothing would tell this process before its next request. On the embedded database
 * this process is the only one, and PGlite delivers the notifications of migration 0012's triggers (a session
 * revoked or its expiry moved, a user renamed, moved to another platform or given another role, a role's level
 * changed, any of them deleted) before the statement that committed the change returns. So there a caller is kept
 * until the next such change, which forgets all of them: the session query leaves the path of every request (half
 * of a configure step's server time on PGlite) and sign-out, password changes and role changes still take effect
 * for the very next request. Expiry is checked against the request's clock on every use.
 */
export async function createActors(db: TDb, secret: Uint8Array, capacity?: number): Promise<TActors> {
  const cache = new ActorCache(capacity);
  const unlisten = await listenOnEmbedded(db, ACTOR_CHANGES_CHANNEL, () => cache.clear());
  if (!unlisten) {
    return {
      isCaching: false,
      resolve: (authorization, now) => resolveActor(db, secret, authorization, now),
      close: async () => {},
    };
  }
  return {
    isCaching: true,
    async resolve(authorization, now) {
      const claims = await bearerClaims(secret, authorization);
      if (!claims) return null;
      const cached = cache.get(claims.sessionId, now);
      if (cached) return cached;
      const generation = cache.generation;
      const found = await findSessionActor(db, claims, now);
      if (!found) return null;
      cache.store(generation, found);
      return found.actor;
    },
    close: () => unlisten(),
  };
}
