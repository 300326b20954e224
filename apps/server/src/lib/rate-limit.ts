import { createClient } from 'redis';

export type TRateLimitResult = { allowed: boolean; retryAfterMs: number };

/** Counts hits per key in fixed windows; shared across instances when backed by Redis. */
export type TRateLimiter = {
  /** Records one hit on `key` and says whether it is within `limit` hits per `windowMs`. */
  hit(key: string, limit: number, windowMs: number): Promise<TRateLimitResult>;
  /** Forgets a key's hits (after a successful sign-in, for example). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
};

/** An in-process limiter for one instance. Expired windows are swept lazily so memory stays bounded. */
export function createMemoryRateLimiter(clock: () => Date = () => new Date()): TRateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = 0;
  const sweep = (now: number) => {
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };
  return {
    async hit(key, limit, windowMs) {
      const now = clock().getTime();
      sweep(now);
      const current = windows.get(key);
      const window = current && current.resetAt > now ? current : { count: 0, resetAt: now + windowMs };
      window.count += 1;
      windows.set(key, window);
      return { allowed: window.count <= limit, retryAfterMs: window.count <= limit ? 0 : window.resetAt - now };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

/** A limiter whose counters live in Redis, so every instance behind a load balancer shares them. */
export async function createRedisRateLimiter(url: string): Promise<TRateLimiter> {
  const client = createClient({ url });
  await client.connect();
  return {
    async hit(key, limit, windowMs) {
      const redisKey = `ratelimit:${key}`;
      const [count, ttl] = (await client.multi().incr(redisKey).pTTL(redisKey).exec()) as unknown as [number, number];
      if (ttl < 0) await client.pExpire(redisKey, windowMs);
      const retryAfterMs = ttl < 0 ? windowMs : ttl;
      return { allowed: count <= limit, retryAfterMs: count <= limit ? 0 : retryAfterMs };
    },
    async reset(key) {
      await client.del(`ratelimit:${key}`);
    },
    async close() {
      await client.quit();
    },
  };
}
