import { MSG } from '@cpq/contracts';
import type { TAppDeps } from '../../deps';
import { RateLimitedError } from '../../lib/app-error';
import type { TFailureState, TRateLimiter } from '../../lib/rate-limit';

/**
 * Sign-in throttling (NIST SP 800-63B 5.2.2, OWASP): no hard lock anyone can trigger. Consecutive wrong passwords
 * or codes are counted per account and per account-and-address; past the free ones each failure makes the next
 * attempt wait twice as long, up to a cap. The account-wide count does not apply from an address the user signed
 * in from before, so a stranger hammering an account cannot keep its owner out. Counts are kept by username in
 * the limiter (memory or Redis), for unknown usernames exactly as for known ones, so the answers are identical.
 */
export const SIGN_IN_THROTTLE = {
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  forgetAfterMs: 24 * 60 * 60 * 1000,
} as const;

/** The wait after the n-th consecutive failure: none for the free ones, then 1 s, 2 s, 4 s … up to 15 minutes. */
export const throttleDelayMs = (failures: number): number =>
  failures < SIGN_IN_THROTTLE.freeFailures
    ? 0
    : Math.min(
        SIGN_IN_THROTTLE.baseDelayMs * 2 ** (failures - SIGN_IN_THROTTLE.freeFailures),
        SIGN_IN_THROTTLE.maxDelayMs,
      );

const accountKey = (username: string) => `signin:account:${username.toLowerCase()}`;
const sourceKey = (username: string, ip: string) => `signin:source:${username.toLowerCase()}|${ip}`;

/** The one answer to a throttled attempt, whoever the account is (or is not). */
export const signInThrottled = (retryAfterMs: number) => new RateLimitedError(retryAfterMs, MSG.signInThrottled);

/** Throws the throttled answer while this attempt must wait; the account-wide wait is skipped for known sources. */
export async function checkSignInThrottle(
  deps: Pick<TAppDeps, 'limiter' | 'clock'>,
  attempt: { username: string; ip: string; isKnownSource: boolean },
): Promise<void> {
  const source = await deps.limiter.peek(sourceKey(attempt.username, attempt.ip));
  const account = attempt.isKnownSource ? null : await deps.limiter.peek(accountKey(attempt.username));
  const waitUntil = Math.max(source?.blockedUntil ?? 0, account?.blockedUntil ?? 0);
  const now = deps.clock().getTime();
  if (waitUntil > now) throw signInThrottled(waitUntil - now);
}

/** Counts a wrong password or code against the account and against the account from this address. */
export async function recordSignInFailure(limiter: TRateLimiter, username: string, ip: string): Promise<void> {
  const { forgetAfterMs } = SIGN_IN_THROTTLE;
  await limiter.fail(accountKey(username), throttleDelayMs, forgetAfterMs);
  await limiter.fail(sourceKey(username, ip), throttleDelayMs, forgetAfterMs);
}

/** After a successful sign-in, or when an administrator clears it: the counts start again. */
export async function clearSignInThrottle(limiter: TRateLimiter, username: string, ips: string[]): Promise<void> {
  await limiter.reset(accountKey(username));
  for (const ip of ips) await limiter.reset(sourceKey(username, ip));
}

/** The account-wide count, for administrators. */
export const peekSignInThrottle = (limiter: TRateLimiter, username: string): Promise<TFailureState | null> =>
  limiter.peek(accountKey(username));
