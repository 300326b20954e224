import { MSG, type TSignInThrottle } from '@cpq/contracts';
import type { TAppDeps } from '../../deps';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { AUDIT_ACTION, insertAuditEvent } from '../audit/audit.repository';
import { findSignInUser } from './credentials.repository';
import { listSignInAddresses } from './sessions.repository';
import { canManageUserOf } from './sign-in.policy';
import { clearSignInThrottle, peekSignInThrottle } from './sign-in-throttle';

async function manageableUser(deps: TAppDeps, actor: TActor, id: number) {
  const found = await findSignInUser(deps.db, id);
  if (!found || !canManageUserOf(actor, found.user)) throw new AppError('NOT_FOUND', MSG.notFound);
  return found.user;
}

async function throttleOf(deps: TAppDeps, username: string): Promise<TSignInThrottle> {
  const state = await peekSignInThrottle(deps.limiter, username);
  const isWaiting = state !== null && state.blockedUntil > deps.clock().getTime();
  return {
    failures: state?.failures ?? 0,
    throttledUntil: isWaiting ? Math.ceil((state?.blockedUntil ?? 0) / 1000) : null,
  };
}

/** userManagement/getSignInThrottle: what an administrator sees of a user's failed sign-ins. */
export async function getUserSignInThrottle(deps: TAppDeps, actor: TActor, id: number): Promise<TSignInThrottle> {
  const user = await manageableUser(deps, actor, id);
  return throttleOf(deps, user.username);
}

/**
 * userManagement/clearSignInThrottle: the account-wide count and the counts from every address the user signed
 * in from start again (an attacker's own addresses stay throttled). Audited.
 */
export async function clearUserSignInThrottle(
  deps: TAppDeps,
  actor: TActor,
  id: number,
  ip: string,
): Promise<TSignInThrottle> {
  const user = await manageableUser(deps, actor, id);
  const ips = await listSignInAddresses(deps.db, user.id);
  await clearSignInThrottle(deps.limiter, user.username, ips);
  await insertAuditEvent(deps.db, {
    action: AUDIT_ACTION.signInThrottleCleared,
    pid: user.pid,
    actorUserId: actor.userId,
    userId: user.id,
    ip,
  });
  return throttleOf(deps, user.username);
}
