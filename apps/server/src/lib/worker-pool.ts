import { Piscina } from 'piscina';

/** What a pool of ours may set: everything but the worker's file and flags, which {@link createWorkerPool} owns. */
export type TWorkerPoolOptions = Omit<NonNullable<ConstructorParameters<typeof Piscina>[0]>, 'filename' | 'execArgv'>;

/**
 * The worker runs its TypeScript through tsx, as the server does. Only that is passed on: a worker takes no V8
 * flags (the server's young-generation settings), and the process's own may be a test runner's.
 */
const WORKER_EXEC_ARGV = ['--import', 'tsx'];

/**
 * A piscina pool of worker threads running `worker`, a TypeScript module whose default export takes one task. The
 * app's pools (model compiles, document layout) are made here so that they start their threads the same way.
 */
export function createWorkerPool<TTask, TAnswer>(worker: URL, options: TWorkerPoolOptions): Piscina<TTask, TAnswer> {
  return new Piscina<TTask, TAnswer>({ ...options, filename: worker.href, execArgv: WORKER_EXEC_ARGV });
}
