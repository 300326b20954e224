import { ADMIN_LEVEL, SUPER_ADMIN_LEVEL } from '@cpq/contracts';
import type { TActor } from '../../lib/actor';

type TCaller = Pick<TActor, 'roleLevel' | 'pid'>;

/** Only level 9 lists and creates platforms. */
export function canManagePlatforms(actor: TCaller): boolean {
  return actor.roleLevel >= SUPER_ADMIN_LEVEL;
}

/** Administrators change their own platform's settings; level 9 any platform's. */
export function canEditPlatform(actor: TCaller, pid: string): boolean {
  return actor.roleLevel >= SUPER_ADMIN_LEVEL || (actor.roleLevel >= ADMIN_LEVEL && actor.pid === pid);
}

/** Notification addresses are for the administrators of that platform and level 9 only. */
export function canSeePlatformEmails(actor: TCaller | null, pid: string): boolean {
  return actor !== null && canEditPlatform(actor, pid);
}
