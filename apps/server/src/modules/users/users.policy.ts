import { ADMIN_LEVEL, SUPER_ADMIN_LEVEL } from '@cpq/contracts';
import type { TActor } from '../../lib/actor';
import { inScope, scopeOf } from '../../lib/platform-scope';

type TCaller = Pick<TActor, 'userId' | 'roleLevel' | 'pid'>;
type TTarget = { id: number; pid: string; roleLevel: number };

export { canAssignRole } from '../roles/roles.policy';

/** Level 5 and up administer their platform. */
export function isAdmin(actor: Pick<TActor, 'roleLevel'>): boolean {
  return actor.roleLevel >= ADMIN_LEVEL;
}

/** Anyone sees themselves; administrators the users of their platform; level 9 everyone. */
export function canViewUser(actor: TCaller, target: Pick<TTarget, 'id' | 'pid'>): boolean {
  return actor.userId === target.id || (isAdmin(actor) && inScope(scopeOf(actor), target.pid));
}

/** Administrators manage the users of their platform who are not above their own level. */
export function canManageUser(actor: TCaller, target: TTarget): boolean {
  return isAdmin(actor) && inScope(scopeOf(actor), target.pid) && target.roleLevel <= actor.roleLevel;
}

/** Editing someone's profile: yourself, or a user you manage. */
export function canEditUser(actor: TCaller, target: TTarget): boolean {
  return actor.userId === target.id || canManageUser(actor, target);
}

/** Nobody deletes themselves; otherwise as for managing. */
export function canDeleteUser(actor: TCaller, target: TTarget): boolean {
  return actor.userId !== target.id && canManageUser(actor, target);
}

/** Only level 9 moves a user to another platform, and never themselves. */
export function canMoveUser(actor: TCaller, target: Pick<TTarget, 'id'>): boolean {
  return actor.roleLevel >= SUPER_ADMIN_LEVEL && actor.userId !== target.id;
}

/** Role and checkout type are set by administrators, for users other than themselves (checkout: themselves too). */
export function canChangeRole(actor: TCaller, target: Pick<TTarget, 'id'>): boolean {
  return isAdmin(actor) && actor.userId !== target.id;
}

export function canChangeCheckoutType(actor: TCaller): boolean {
  return isAdmin(actor);
}
