import type { TActor } from '../../lib/actor';

/** The status types a caller may list: those at or below both the asked-for level and their own. */
export function visibleStatusLevel(actor: Pick<TActor, 'roleLevel'>, requested: number | undefined): number {
  return Math.min(requested ?? actor.roleLevel, actor.roleLevel);
}

/** An administrator creates, changes and deletes only status types at or below their own level. */
export function canManageStatusLevel(actor: Pick<TActor, 'roleLevel'>, roleLevel: number): boolean {
  return roleLevel <= actor.roleLevel;
}
