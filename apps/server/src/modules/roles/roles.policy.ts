import { ROLE_ID, SUPER_ADMIN_LEVEL } from '@cpq/contracts';
import type { TActor } from '../../lib/actor';

const BUILT_IN_ROLE_IDS: ReadonlySet<string> = new Set(Object.values(ROLE_ID));

/** The four roles the application's own rules name (public, registered, admin, superAdmin). */
export function isBuiltInRole(roleId: string): boolean {
  return BUILT_IN_ROLE_IDS.has(roleId);
}

/** Only level 9 creates, changes and deletes roles. */
export function canManageRoles(actor: Pick<TActor, 'roleLevel'>): boolean {
  return actor.roleLevel >= SUPER_ADMIN_LEVEL;
}

/** A role may be given only by someone at or above its level. */
export function canAssignRole(actor: Pick<TActor, 'roleLevel'>, role: { roleLevel: number }): boolean {
  return role.roleLevel <= actor.roleLevel;
}

/** The roles a caller may list: those at or below both the asked-for level and their own. */
export function visibleRoleLevel(actor: Pick<TActor, 'roleLevel'>, requested: number | undefined): number {
  return Math.min(requested ?? actor.roleLevel, actor.roleLevel);
}
