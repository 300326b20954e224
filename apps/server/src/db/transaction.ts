import type { FastifyBaseLogger } from 'fastify';
import type { TDb, TTx } from './client';

/** Work that must wait for its transaction's commit (telling open screens, say), registered from inside it. */
export type TAfterCommitWork = () => void | Promise<void>;
/** Registers work to run once the enclosing transaction commits; it never runs if the transaction rolls back. */
export type TAfterCommit = (work: TAfterCommitWork) => void;

/**
 * Runs `body` in one transaction and, once it has committed, the work `body` registered with `afterCommit`, in the
 * order registered, before answering. So a change cannot announce what may still roll back, and the code that makes
 * the change says what follows it instead of each caller remembering to. The change stands whatever the work does:
 * a failure of it is logged, never thrown.
 */
export async function withTransaction<T>(
  db: TDb,
  log: Pick<FastifyBaseLogger, 'error'>,
  body: (tx: TTx, afterCommit: TAfterCommit) => Promise<T>,
): Promise<T> {
  const pending: TAfterCommitWork[] = [];
  let isOpen = true;
  const afterCommit: TAfterCommit = (work) => {
    // Work registered once the transaction is over would silently never run.
    if (!isOpen) throw new Error('afterCommit called after its transaction ended');
    pending.push(work);
  };
  const result = await db
    .transaction((tx) => body(tx, afterCommit))
    .finally(() => {
      isOpen = false;
    });
  for (const work of pending) {
    try {
      await work();
    } catch (error) {
      log.error({ err: error }, 'after-commit work failed');
    }
  }
  return result;
}
