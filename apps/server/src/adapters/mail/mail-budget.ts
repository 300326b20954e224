import { msgMailLimitReached } from '@cpq/contracts';
import type { TConfig } from '../../config';
import { RateLimitedError } from '../../lib/app-error';
import type { TRateLimiter } from '../../lib/rate-limit';

/** Who sends mail to addresses they typed: the user, and the platform whose name the mail carries. */
export type TMailSender = { userId: number; pid: string };

/** What counting mail needs: the limits, and the shared limiter that keeps the counters. */
export type TMailBudgetDeps = { limiter: TRateLimiter; config: Pick<TConfig, 'mailLimits'> };

export type TMailBudget = { allowed: true } | { allowed: false; scope: 'user' | 'platform'; retryAfterMs: number };

/**
 * Counts `recipients` mails to user-typed addresses against the sender's budget and then their platform's (limits
 * in config.mailLimits, counters in the shared limiter, so every instance counts alike). A sender over their own
 * budget does not spend the platform's, so one user cannot use up everyone's mail. The user key carries the
 * platform too: a user belongs to one platform, and keys stay apart between databases sharing one Redis.
 */
export async function spendMailBudget(
  deps: TMailBudgetDeps,
  sender: TMailSender,
  recipients: number,
): Promise<TMailBudget> {
  const { perUser, perPlatform, windowMs } = deps.config.mailLimits;
  const user = await deps.limiter.hit(`mail:user:${sender.pid}:${sender.userId}`, perUser, windowMs, recipients);
  if (!user.allowed) return { allowed: false, scope: 'user', retryAfterMs: user.retryAfterMs };
  const platform = await deps.limiter.hit(`mail:platform:${sender.pid}`, perPlatform, windowMs, recipients);
  if (!platform.allowed) return { allowed: false, scope: 'platform', retryAfterMs: platform.retryAfterMs };
  return { allowed: true };
}

/** Spends the budget as above, or refuses with 429, Retry-After and a message naming the limit. */
export async function assertMailBudget(deps: TMailBudgetDeps, sender: TMailSender, recipients: number): Promise<void> {
  const budget = await spendMailBudget(deps, sender, recipients);
  if (budget.allowed) return;
  const { perUser, perPlatform, windowMs } = deps.config.mailLimits;
  const limit = budget.scope === 'user' ? perUser : perPlatform;
  const message = msgMailLimitReached(budget.scope, limit, windowMs, budget.retryAfterMs);
  throw new RateLimitedError(budget.retryAfterMs, message);
}
