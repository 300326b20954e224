import { RateLimitedError } from '../../lib/app-error';
import type { TRateLimiter } from '../../lib/rate-limit';

const MINUTE = 60 * 1000;

/** Hits per window, per IP address and per account, for each public auth route (sign-in failures: sign-in-throttle.ts). */
export const AUTH_RATE_LIMITS = {
  loginPerIp: { limit: 10, windowMs: MINUTE },
  forgotPerIp: { limit: 5, windowMs: 15 * MINUTE },
  forgotPerAccount: { limit: 3, windowMs: 15 * MINUTE },
  resetLookupPerIp: { limit: 30, windowMs: MINUTE },
} as const;

export type TRateRule = keyof typeof AUTH_RATE_LIMITS;

/** Counts a hit on `rule` for `subject` (an IP or a username); throws RateLimitedError past the limit. */
export async function enforceRateLimit(limiter: TRateLimiter, rule: TRateRule, subject: string): Promise<void> {
  const { limit, windowMs } = AUTH_RATE_LIMITS[rule];
  const result = await limiter.hit(`auth:${rule}:${subject}`, limit, windowMs);
  if (!result.allowed) throw new RateLimitedError(result.retryAfterMs);
}
