import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { AppError } from '../../lib/app-error';
import type { TPricingLine, TPrintedQuote } from './documents.render';

/** One document to lay out: plain data only (it is structured-cloned into the worker). */
export type TRenderTask = { compress: boolean } & (
  | { kind: 'quote' | 'so-writeup'; quote: TPrintedQuote }
  | {
      kind: 'pricing';
      quote: Pick<TPrintedQuote, 'company' | 'type' | 'quoteId' | 'revision' | 'printedAt'>;
      line: TPricingLine;
    }
);

/**
 * The pool's limits: half the cores (at least one) render side by side, so the server's own thread keeps a core
 * for requests; a few more renders wait their turn and past that a print is refused (try again shortly) rather
 * than queued without end. One thread stays once started (a new one takes seconds to load pdfkit), the others exit
 * after a minute idle; a runaway layout dies at its heap limit.
 */
export const RENDER_POOL_LIMITS = {
  maxThreads: Math.max(1, Math.floor(availableParallelism() / 2)),
  maxQueue: 64,
  idleTimeoutMs: 60_000,
  maxOldGenerationSizeMb: 512,
} as const;

export const MSG_RENDER_BUSY = 'Too many documents are being printed right now. Try again in a minute.';

const here = fileURLToPath(import.meta.url);
const workerFile = here.replace(/render-pool(\.[cm]?[jt]s)$/, 'render-worker$1');

/** A TypeScript worker runs under tsx, as the server does (`node --import tsx`); built JavaScript needs nothing. */
const workerExecArgv = (): string[] =>
  extname(workerFile) === '.ts' ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];

let pool: Piscina<TRenderTask, Uint8Array> | null = null;

function renderPool(): Piscina<TRenderTask, Uint8Array> {
  pool ??= new Piscina<TRenderTask, Uint8Array>({
    filename: pathToFileURL(workerFile).href,
    name: 'default',
    minThreads: 1,
    maxThreads: RENDER_POOL_LIMITS.maxThreads,
    maxQueue: RENDER_POOL_LIMITS.maxQueue,
    idleTimeout: RENDER_POOL_LIMITS.idleTimeoutMs,
    execArgv: workerExecArgv(),
    resourceLimits: { maxOldGenerationSizeMb: RENDER_POOL_LIMITS.maxOldGenerationSizeMb },
  });
  return pool;
}

/** Renders a document in the pool's worker threads; the server's event loop stays free meanwhile. */
export async function renderInPool(task: TRenderTask): Promise<Buffer> {
  const active = renderPool();
  if (active.queueSize >= RENDER_POOL_LIMITS.maxQueue) throw new AppError('RATE_LIMITED', MSG_RENDER_BUSY);
  const bytes = await active.run(task);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** How many renders the pool has finished and how many threads it runs (for tests and benchmarks). */
export const renderPoolStats = (): { completed: number; threads: number } => ({
  completed: pool?.completed ?? 0,
  threads: pool?.threads.length ?? 0,
});

/** Stops the pool's threads (at shutdown); a later render starts a new pool. */
export async function closeRenderPool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.close();
}
