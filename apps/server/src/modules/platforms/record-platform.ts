import { MSG, SUPER_ADMIN_LEVEL } from '@cpq/contracts';
import type { TDbOrTx } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { findPlatformId } from './platforms.repository';

/**
 * The platform a new record goes to: the caller's own, or for level 9 the existing platform they name. Anyone
 * else naming another platform is refused rather than silently given their own.
 */
export async function platformForNewRecord(
  db: TDbOrTx,
  actor: Pick<TActor, 'roleLevel' | 'pid'>,
  requested: string | undefined,
): Promise<string> {
  if (!requested || requested === actor.pid) return actor.pid;
  if (actor.roleLevel < SUPER_ADMIN_LEVEL) {
    throw new AppError('FORBIDDEN', MSG.forbidden, [{ path: 'input.pid', message: MSG.forbidden }]);
  }
  const id = await findPlatformId(db, requested);
  if (!id) {
    const message = 'There is no platform with this id.';
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'input.pid', message }]);
  }
  return id;
}
