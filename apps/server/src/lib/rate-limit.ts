import { createClient } from 'redis';

export type TRateLimitResult = { allowed: boolean; retryAfterMs: number };

/** Consecutive failures on a key and the time (ms since epoch) before which the next attempt must wait. */
export type TFailureState = { failures: number; blockedUntil: number };

/** How long to block after the n-th consecutive failure (0 for none). */
export type TDelayPolicy = (failures: number) => number;

/** Counts hits per key in fixed windows; shared across instances when backed by Redis. */
export type TRateLimiter = {
  /**
   * Records `cost` hits (default one) on `key` and says whether the window's count is still within `limit` hits per
   * `windowMs`.
   */
  hit(key: string, limit: number, windowMs: number, cost?: number): Promise<TRateLimitResult>;
  /**
   * Records one more consecutive failure on `key` and blocks it for `delayMs(failures)`; the record lapses after
   * `ttlMs` without failures. Used for sign-in throttling with growing delays.
   */
  fail(key: string, delayMs: TDelayPolicy, ttlMs: number): Promise<TFailureState>;
  /** The failures recorded on `key`, or null when there are none. */
  peek(key: string): Promise<TFailureState | null>;
  /** Forgets a key's hits and failures (after a successful sign-in, for example). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
};

/** An in-process limiter for one instance. Expired windows are swept lazily so memory stays bounded. */
export function createMemoryRateLimiter(clock: () => Date = () => new Date()): TRateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const failures = new Map<string, TFailureState & { expiresAt: number }>();
  let lastSweep = 0;
  const sweep = (now: number) => {
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
    for (const [key, state] of failures) if (state.expiresAt <= now) failures.delete(key);
  };
  const liveFailures = (key: string, now: number) => {
    const state = failures.get(key);
    return state && state.expiresAt > now ? state : null;
  };
  return {
    async hit(key, limit, windowMs, cost = 1) {
      const now = clock().getTime();
      sweep(now);
      const current = windows.get(key);
      const window = current && current.resetAt > now ? current : { count: 0, resetAt: now + windowMs };
      window.count += cost;
      windows.set(key, window);
      return { allowed: window.count <= limit, retryAfterMs: window.count <= limit ? 0 : window.resetAt - now };
    },
    async fail(key, delayMs, ttlMs) {
      const now = clock().getTime();
      sweep(now);
      const count = (liveFailures(key, now)?.failures ?? 0) + 1;
      const state = { failures: count, blockedUntil: now + delayMs(count), expiresAt: now + ttlMs };
      failures.set(key, state);
      return { failures: state.failures, blockedUntil: state.blockedUntil };
    },
    async peek(key) {
      const state = liveFailures(key, clock().getTime());
      return state ? { failures: state.failures, blockedUntil: state.blockedUntil } : null;
    },
    async reset(key) {
      windows.delete(key);
      failures.delete(key);
    },
    async close() {
      windows.clear();
      failures.clear();
    },
  };
}

/** A limiter whose counters live in Redis, so every instance behind a load balancer shares them. */
export async function createRedisRateLimiter(url: string): Promise<TRateLimiter> {
  const client = createClient({ url });
  await client.connect();
  return {
    async hit(key, limit, windowMs, cost = 1) {
      const redisKey = `ratelimit:${key}`;
      const [count, ttl] = (await client.multi().incrBy(redisKey, cost).pTTL(redisKey).exec()) as unknown as [
        number,
        number,
      ];
      if (ttl < 0) await client.pExpire(redisKey, windowMs);
      const retryAfterMs = ttl < 0 ? windowMs : ttl;
      return { allowed: count <= limit, retryAfterMs: count <= limit ? 0 : retryAfterMs };
    },
    async fail(key, delayMs, ttlMs) {
      const redisKey = `failures:${key}`;
      const count = await client.hIncrBy(redisKey, 'failures', 1);
      const blockedUntil = Date.now() + delayMs(count);
      await client.multi().hSet(redisKey, 'blockedUntil', String(blockedUntil)).pExpire(redisKey, ttlMs).exec();
      return { failures: count, blockedUntil };
    },
    async peek(key) {
      const state = await client.hGetAll(`failures:${key}`);
      if (!state.failures) return null;
      return { failures: Number(state.failures), blockedUntil: Number(state.blockedUntil ?? 0) };
    },
    async reset(key) {
      await client.del([`ratelimit:${key}`, `failures:${key}`]);
    },
    async close() {
      await client.quit();
    },
  };
}
