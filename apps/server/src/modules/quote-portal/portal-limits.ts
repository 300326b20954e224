import type { TAppDeps } from '../../deps';
import { RateLimitedError } from '../../lib/app-error';

/**
 * Requests of the public quote-link routes per client address (and, where a call mails or writes for the sales side,
 * per link): generous for a customer reading and choosing, few enough that nobody can guess tokens or flood a rep.
 */
export const PORTAL_LIMITS = {
  read: { limit: 60, windowMs: 60_000 },
  write: { limit: 20, windowMs: 60_000 },
  /** Comments of one link: each mails the quote's owner. */
  commentPerLink: { limit: 30, windowMs: 60 * 60_000 },
  /**
   * Accepts through one link: enough for retries, a declined card or two and 3-D Secure, too few to try cards
   * through it.
   */
  acceptPerLink: { limit: 10, windowMs: 15 * 60_000 },
  /** New links one superseded link may ask for: each mails the address it was shared with. */
  requestCurrentPerLink: { limit: 3, windowMs: 60 * 60_000 },
} as const;

export type TPortalLimit = keyof typeof PORTAL_LIMITS;

/** Counts one call against `kind`'s budget for `subject` (an address or a link id); 429 with Retry-After past it. */
export async function assertPortalLimit(
  deps: Pick<TAppDeps, 'limiter'>,
  kind: TPortalLimit,
  subject: string | number,
): Promise<void> {
  const { limit, windowMs } = PORTAL_LIMITS[kind];
  const { allowed, retryAfterMs } = await deps.limiter.hit(`quotePortal:${kind}:${subject}`, limit, windowMs);
  if (!allowed) throw new RateLimitedError(retryAfterMs);
}
