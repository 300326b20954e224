import { ADMIN_LEVEL, SUPER_ADMIN_LEVEL } from '@cpq/contracts';
import type { TActor } from './actor';

/** A record a user creates and owns (a configuration, a quote): its platform and its owner's user id. */
export type TOwnedRecord = { pid: string; ownerId: number };

/**
 * Who may see and work on an owned record: level 9 any, level 5 those of its platform, levels 0 and 1 only their
 * own. Callers answer NOT_FOUND otherwise, so a record's existence never leaks.
 */
export function canSeeOwnedRecord(actor: Pick<TActor, 'roleLevel' | 'pid' | 'userId'>, record: TOwnedRecord): boolean {
  if (actor.roleLevel >= SUPER_ADMIN_LEVEL) return true;
  if (record.pid !== actor.pid) return false;
  return actor.roleLevel >= ADMIN_LEVEL || record.ownerId === actor.userId;
}
